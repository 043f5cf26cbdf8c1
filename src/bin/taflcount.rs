//! `taflcount`: how big is a tafl variant, and how bushy is its tree.
//!
//! One module per subcommand under `taflcount/`; each exposes an `Args` struct and a
//! `run` returning `Result<(), CliError>`. Usage and input errors exit with 2.

// A crate root looks for modules beside itself; these live in `taflcount/`.
#[path = "taflcount/branching.rs"]
mod branching;
#[path = "taflcount/complexity.rs"]
mod complexity;
#[path = "taflcount/error.rs"]
mod error;
#[path = "taflcount/output.rs"]
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Complexity(args) => complexity::run(args),
        Command::Branching(args) => branching::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("taflcount: error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
