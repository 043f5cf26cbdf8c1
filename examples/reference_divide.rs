//! The slow reference generator of tests/reference/ as an external engine speaking the
//! `taflperft --against` protocol (docs/perft-against.md):
//!
//! ```text
//! reference_divide [--break RULE] DEPTH "OTN RULES" "POSITION RECORD" SIDE "MOVES"
//! ```
//!
//! prints `move: count` for each legal move (sorted), a blank line and the total.
//! `--break` (or the environment variable `REFERENCE_BREAK`) makes it a broken engine
//! on purpose, for the tests of the bisection, by reading one rule wrongly:
//! - `corner-capture`: corners are never hostile, so captures against a corner are
//!   missed;
//! - `corner-stop`: attacker taflmen may stop on the corners, a forbidden square.
//!
//! Std only, so a test can build it with plain rustc.

// The reference module carries its own lint settings.
#[path = "../tests/reference/mod.rs"]
mod reference;

use reference::{RefGame, Side};

fn count(g: &RefGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    g.legal_moves()
        .iter()
        .map(|mv| {
            let mut child = g.clone();
            child.play(mv).expect("a legal move plays");
            count(&child, depth - 1)
        })
        .sum()
}

fn run(args: &[String]) -> Result<String, String> {
    let mut args = args.to_vec();
    let mut broken = std::env::var("REFERENCE_BREAK").ok();
    if args.first().map(String::as_str) == Some("--break") {
        if args.len() < 2 {
            return Err("--break needs a rule name".into());
        }
        broken = Some(args[1].clone());
        args.drain(..2);
    }
    let [depth, rules, position, side, moves] = &args[..] else {
        return Err(format!(
            "expected DEPTH RULES POSITION SIDE MOVES, got {} argument(s)",
            args.len()
        ));
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth `{depth}`"))?;
    // The broken engines read one rule wrongly: the same rules string with one key
    // appended (the last value of a key wins).
    let rules = match broken.as_deref() {
        None | Some("") => rules.clone(),
        Some("corner-capture") => format!("{rules} corh:"),
        Some("corner-stop") => format!("{rules} cors:Kt"),
        Some(other) => return Err(format!("unknown rule to break `{other}`")),
    };
    let side: Side = side.parse()?;
    let mut game = RefGame::new(&rules, Some(position), Some(side))?;
    for mv in moves.split_whitespace() {
        game.play(mv)?;
    }
    let mut out = String::new();
    let mut total = 0;
    if depth > 0 {
        for mv in game.legal_moves() {
            let mut child = game.clone();
            child.play(&mv)?;
            let n = count(&child, depth - 1);
            total += n;
            out += &format!("{mv}: {n}\n");
        }
    }
    out += &format!("\n{total}\n");
    Ok(out)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("reference_divide: {e}");
            std::process::exit(2);
        }
    }
}
