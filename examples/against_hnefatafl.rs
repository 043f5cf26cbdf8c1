//! bunburya's `hnefatafl` crate (MIT, a dev-dependency) behind the `taflperft --against`
//! protocol (docs/perft-against.md), a worked example for authors of other engines:
//!
//! ```text
//! cargo build --example against_hnefatafl
//! taflperft --against target/debug/examples/against_hnefatafl --variant brandubh --depth 3
//! taflperft --against target/debug/examples/against_hnefatafl \
//!     --records fixtures/games/copenhagen.csv --variant copenhagen --depth 2 --plies 30..130
//! ```
//!
//! Arguments: `DEPTH "OTN RULES" "POSITION RECORD" SIDE "MOVES"`; prints `move: count`
//! lines, a blank line and the total.

mod hnefatafl_divide;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [depth, rules, position, side, moves] = &args[..] else {
        eprintln!(
            "usage: against_hnefatafl DEPTH \"OTN RULES\" \"POSITION RECORD\" SIDE \"MOVES\" ({} argument(s) given)",
            args.len()
        );
        return ExitCode::from(2);
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("against_hnefatafl: bad depth `{depth}`");
        return ExitCode::from(2);
    };
    match hnefatafl_divide::divide(depth, rules, position, side, moves) {
        Ok(divide) => {
            let mut out = String::new();
            for (mv, n) in &divide {
                out += &format!("{mv}: {n}\n");
            }
            let total: u64 = divide.iter().map(|(_, n)| n).sum();
            out += &format!("\n{total}\n");
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("against_hnefatafl: {why}");
            ExitCode::from(2)
        }
    }
}
