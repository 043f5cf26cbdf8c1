//! The command line read the same way by every tool: options that take a value accept a
//! leading `-`, so `--depth -1` reaches the option's own check and its message names
//! the option ("invalid value '-1' for '--depth <D>'"), where clap alone says only
//! "unexpected argument '-1' found".

use clap::{Command, CommandFactory, Parser};

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

/// Parses the process's arguments into `T`; on a usage error prints clap's message and
/// exits with code 2 (0 for `--help` and `--version`).
pub fn parse<T: Parser>() -> T {
    let mut cmd = command::<T>();
    let matches = cmd.clone().get_matches();
    T::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut cmd).exit())
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
