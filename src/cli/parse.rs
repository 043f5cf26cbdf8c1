//! The command line read the same way by every tool: options that take a value accept a
//! leading `-`, so `--depth -1` reaches the option's own check and its message names
//! the option (`invalid value '-1' for '--depth <D>'`), where clap alone says only
//! `unexpected argument '-1' found`; and combinations are checked after clap by
//! [`Rule`]s, refused the way clap refuses a conflict (exit 2, with the usage).
//!
//! Why rules beside clap's own `requires`: clap skips a `requires` whose target
//! conflicts with an option present (`taflperft --depth 3 --max-nodes 5` ran, ignoring
//! `--max-nodes`, because `--suite` conflicts with `--depth`). The policy for an option
//! that would do nothing in a combination is the same everywhere: it is refused.

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{ArgMatches, Command, CommandFactory, Parser};

/// Every option and positional that takes a value, in `cmd` and its subcommands,
/// accepts negative numbers as values.
pub fn with_negative_numbers(cmd: Command) -> Command {
    cmd.mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
    .mut_subcommands(with_negative_numbers)
}

/// The tool's command as it parses: its derive with [`with_negative_numbers`].
pub fn command<T: CommandFactory>() -> Command {
    with_negative_numbers(T::command())
}

/// Parses the process's arguments into `T`; on a usage error prints one line, `tool:
/// error: ...`, like every other error of the tools, and exits with code 2 (`--help` and
/// `--version` print as clap prints them, exit 0).
pub fn parse<T: Parser>() -> T {
    parse_with::<T>(&[])
}

/// [`parse`], then every rule checked; a broken rule is a usage error like clap's own.
pub fn parse_with<T: Parser>(rules: &[Rule]) -> T {
    let mut cmd = command::<T>();
    // Every program: a signal kills what the run started (cli::interrupt).
    super::interrupt::install(cmd.get_name());
    let matches = cmd
        .clone()
        .try_get_matches()
        .unwrap_or_else(|e| usage_exit(&cmd, e));
    if let Err(message) = check_rules(&matches, rules) {
        let e = cmd.error(ErrorKind::ArgumentConflict, message);
        usage_exit(&cmd, e);
    }
    T::from_arg_matches(&matches).unwrap_or_else(|e| {
        let e = e.format(&mut cmd);
        usage_exit(&cmd, e)
    })
}

/// The one line a usage error prints: clap's message without its `error:` label, usage
/// block and tips, after the tool's name.
pub fn usage_line(tool: &str, error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    // The message is the first paragraph (a list of missing options continues it on
    // indented lines), folded into one line.
    let paragraph: Vec<&str> = rendered
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let text = paragraph.join(" ");
    let message = text.strip_prefix("error: ").unwrap_or(&text);
    // clap's tips ("a similar argument exists: '--threads'") are worth keeping.
    let tips: String = rendered
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tip: "))
        .map(|tip| format!("; {tip}"))
        .collect();
    let message = crate::text::shortened(&format!("{message}{tips}"));
    format!("{tool}: error: {message} (see --help)")
}

fn usage_exit(cmd: &Command, error: clap::Error) -> ! {
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => error.exit(),
        _ => {
            eprintln!("{}", usage_line(cmd.get_name(), &error));
            std::process::exit(i32::from(super::error::USAGE));
        }
    }
}

/// A combination of options checked after parsing. Options are named by their ids
/// (the field names: `max_nodes` is `--max-nodes`); `path` is the subcommand they
/// belong to (`&[]` for the top level, `&["complexity"]`).
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// In `path`, the first option, given, needs the second given too.
    Needs(&'static [&'static str], &'static str, &'static str),
    /// In `path`, the first option does nothing beside the second (the reason says
    /// why): refused.
    Useless(
        &'static [&'static str],
        &'static str,
        &'static str,
        &'static str,
    ),
}

/// True if the option `id` was typed (not a default).
fn given(m: &ArgMatches, id: &str) -> bool {
    m.try_get_raw(id).is_ok_and(|v| v.is_some())
        && m.value_source(id) == Some(ValueSource::CommandLine)
}

/// `max_nodes` → `--max-nodes`.
fn flag(id: &str) -> String {
    format!("--{}", id.replace('_', "-"))
}

/// The first broken rule's message.
pub fn check_rules(matches: &ArgMatches, rules: &[Rule]) -> Result<(), String> {
    let at = |path: &[&str]| {
        let mut m = Some(matches);
        for name in path {
            m = m.and_then(|m| m.subcommand_matches(name));
        }
        m
    };
    for rule in rules {
        match *rule {
            Rule::Needs(path, option, other) => {
                if let Some(m) = at(path) {
                    if given(m, option) && !given(m, other) {
                        return Err(format!("{} needs {}", flag(option), flag(other)));
                    }
                }
            }
            Rule::Useless(path, option, other, why) => {
                if let Some(m) = at(path) {
                    if given(m, option) && given(m, other) {
                        return Err(format!(
                            "{} does nothing with {}: {why}",
                            flag(option),
                            flag(other)
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// What a tool's command-line interface gets wrong, one line each (empty when nothing):
/// an option or subcommand without help text, and an option taking a value for which
/// `-1` is "unexpected" instead of a value its check sees. The binaries' tests call it.
pub fn problems(cmd: Command) -> Vec<String> {
    let mut found = Vec::new();
    check(cmd, &mut Vec::new(), &mut found);
    found
}

fn check(mut cmd: Command, path: &mut Vec<String>, found: &mut Vec<String>) {
    cmd.build();
    path.push(cmd.get_name().to_string());
    let place = path.join(" ");
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if arg.is_hide_set() || id == "help" || id == "version" {
            continue;
        }
        let name = arg
            .get_long()
            .map_or_else(|| format!("<{id}>"), |l| format!("--{l}"));
        let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        if help.trim().is_empty() {
            found.push(format!("{place} {name}: no help text"));
        }
        if arg.get_action().takes_values() && !arg.is_allow_negative_numbers_set() {
            found.push(format!("{place} {name}: `-1` is not read as its value"));
        }
    }
    let subcommands: Vec<Command> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .cloned()
        .collect();
    for sub in subcommands {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        if about.trim().is_empty() {
            found.push(format!("{place} {}: no help text", sub.get_name()));
        }
        check(sub, path, found);
    }
    path.pop();
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    #[derive(Parser, Debug)]
    #[command(name = "demo")]
    struct Demo {
        /// A depth.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        depth: Option<u32>,
        #[arg(long)]
        quiet: bool,
    }

    #[test]
    fn a_negative_number_reaches_the_check_that_names_the_option() {
        let plain = Demo::command().try_get_matches_from(["demo", "--depth", "-1"]);
        assert_eq!(plain.unwrap_err().kind(), ErrorKind::UnknownArgument);
        let e = command::<Demo>()
            .try_get_matches_from(["demo", "--depth", "-1"])
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ValueValidation);
        assert!(e.to_string().contains("--depth"), "{e}");
    }

    #[test]
    fn rules_see_only_what_was_typed() {
        #[derive(Parser, Debug)]
        #[command(name = "demo")]
        struct Rules {
            /// A.
            #[arg(long)]
            suite: Option<String>,
            /// B.
            #[arg(long, default_value_t = 1)]
            threads: u32,
            /// C.
            #[arg(long)]
            max_nodes: Option<u64>,
        }
        let rules = [
            Rule::Needs(&[], "max_nodes", "suite"),
            Rule::Useless(&[], "threads", "suite", "no reason"),
        ];
        let check = |args: &[&str]| {
            let m = command::<Rules>().try_get_matches_from(args).unwrap();
            check_rules(&m, &rules)
        };
        assert_eq!(
            check(&["demo", "--max-nodes", "5"]),
            Err("--max-nodes needs --suite".into())
        );
        assert_eq!(check(&["demo", "--max-nodes", "5", "--suite", "x"]), Ok(()));
        // The default of --threads is not typed: no conflict.
        assert_eq!(check(&["demo", "--suite", "x"]), Ok(()));
        assert_eq!(
            check(&["demo", "--suite", "x", "--threads", "1"]),
            Err("--threads does nothing with --suite: no reason".into())
        );
    }

    #[test]
    fn problems_are_found() {
        let found = problems(Demo::command());
        assert!(
            found.iter().any(|p| p == "demo --quiet: no help text"),
            "{found:?}"
        );
        assert!(
            found.iter().any(|p| p.contains("--depth: `-1`")),
            "{found:?}"
        );
        assert_eq!(
            problems(command::<Demo>()),
            vec!["demo --quiet: no help text"]
        );
    }
}
