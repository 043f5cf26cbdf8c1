//! `taflcount`: how big is a tafl variant, and how bushy is its tree.
//!
//! One module per subcommand under `taflcount/`; each exposes an `Args` struct and a
//! `run` returning `Result<(), CliError>`; `taflcount::cli::exit_code` turns that into the
//! exit code (2 for usage and input errors).

mod branching;
mod complexity;
mod show;
mod tune;
mod unit;
mod view;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use taflcount::cli::parse::Rule;
use taflcount::cli::{exit_code, Status};

#[derive(Parser)]
#[command(
    name = "taflcount",
    version,
    about = "Counting tools for the tafl board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Exact state-space bounds and game-tree estimates of a variant, beside the
    /// published figures
    Complexity(complexity::ComplexityArgs),
    /// Branching factor and game length measured on self-play or recorded games, with
    /// standard errors, a game-tree estimate and an optional SVG report
    Branching(branching::BranchingArgs),
    /// One position as a Unicode diagram, an SVG board (--svg) or a JSON document: the
    /// start, --position, --moves, or a game of a --records archive at a ply
    Show(show::ShowArgs),
    /// The games of an archive (or of taflmatch --records) as one self-contained HTML
    /// page to step through in a browser
    View(view::ViewArgs),
    /// Fit the evaluation's weights to recorded or self-played games' results (Texel's
    /// method) and write them as a weights file for `search:eval=FILE`
    Tune(tune::TuneArgs),
    /// Decide one unit of a `complexity --legal --plan` run (on a cluster node)
    Unit(unit::UnitArgs),
    /// Merge a `complexity --legal --plan` folder into the report of one run
    Merge(unit::MergeArgs),
}

/// Combinations clap cannot check (its `requires` is skipped when the required option
/// conflicts with one present, as the board options all do) and options that would do
/// nothing.
const RULES: &[Rule] = &[
    Rule::Needs(&["complexity"], "attackers", "dim"),
    Rule::Needs(&["complexity"], "defenders", "dim"),
    Rule::Needs(&["complexity"], "report", "all"),
    Rule::Needs(&["complexity"], "branching", "length"),
    Rule::Needs(&["complexity"], "length", "branching"),
    Rule::Useless(
        &["complexity"],
        "json",
        "report",
        "--report writes the page instead of printing",
    ),
];

fn main() -> ExitCode {
    let cli = taflcount::cli::parse::parse_with::<Cli>(RULES);
    let result = match cli.command {
        Command::Complexity(args) => complexity::run(args),
        Command::Branching(args) => branching::run(args).map(|()| Status::Success),
        Command::Show(args) => show::run(args).map(|()| Status::Success),
        Command::View(args) => view::run(args).map(|()| Status::Success),
        Command::Tune(args) => tune::run(args).map(|()| Status::Success),
        Command::Unit(args) => unit::run(&args),
        Command::Merge(args) => complexity::merge(&args.dir, args.json),
    };
    exit_code("taflcount", result)
}

#[cfg(test)]
mod tests {
    use taflcount::cli::parse::{command, problems};

    /// Every option has help text and reads `-1` as its value (so its own check, which
    /// names it, refuses a negative number).
    #[test]
    fn every_option_has_help_and_reads_negative_numbers() {
        assert_eq!(problems(command::<super::Cli>()), Vec::<String>::new());
    }
}
