//! Renders `reports/strength.md`'s body and its SVG charts from the `taflmatch --json`
//! documents that `scripts/strength-report` saves: `rr-VARIANT.json` (round robins),
//! `side-VARIANT.json` (side balance), `equal-time-VARIANT.json` (MCTS against
//! alpha-beta at equal time), each beside a `.cmd` file holding its command line.
//!
//! Usage: strength_report DATA_DIR [RECORDS_DIR] > body.md (the charts are written into
//! DATA_DIR; RECORDS_DIR holds the side balance games as `side-VARIANT.csv`, to name the
//! variants that played identical games).

use std::fs;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use taflcount::matches::{MatchDocument, RoundRobinDocument, SideBalanceDocument};
use taflcount::report::plot::{interval_plot, IntervalRow};
use taflcount::report::table::{new_table, TableStyle};
use taflcount::stats::Trinomial;

fn read<T: DeserializeOwned>(path: &Path) -> T {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn command(path: &Path) -> String {
    fs::read_to_string(path.with_extension("cmd"))
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

fn wdl(t: &Trinomial) -> String {
    format!("{}-{}-{}", t.wins, t.draws, t.losses)
}

fn score(t: &Trinomial) -> String {
    let (w, d, l) = (t.wins as f64, t.draws as f64, t.losses as f64);
    if w + d + l == 0.0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * (w + d / 2.0) / (w + d + l))
    }
}

/// `+12`, `-3`, never `-0`.
fn signed(x: f64) -> String {
    let x = if x.abs() < 0.5 { 0.0 } else { x };
    format!("{x:+.0}")
}

/// The files of one kind, sorted by name.
fn files(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .expect("the data directory exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "json")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix))
        })
        .collect();
    out.sort();
    out
}

fn round_robin(dir: &Path, path: &Path, out: &mut String) {
    let v: RoundRobinDocument = read(path);
    let variant = &v.variant;
    let engines = &v.engines;
    let ratings = &v.ratings;
    let results = &v.results;
    let mut order: Vec<usize> = (0..engines.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let svg_name = format!("elo-{variant}.svg");
    let rows: Vec<IntervalRow> = order
        .iter()
        .map(|&i| {
            let (elo, err) = (ratings[i].elo, ratings[i].error);
            IntervalRow {
                label: engines[i].clone(),
                value: elo,
                lower: elo - err,
                upper: elo + err,
            }
        })
        .collect();
    let per = v.games_per_pairing;
    fs::write(
        dir.join(&svg_name),
        interval_plot(
            &format!("{variant}: round robin Elo (Bradley-Terry)"),
            "Elo relative to the pool's mean, 95% interval",
            &rows,
            Some(0.0),
            &format!(
                "{per} games per pairing, {} virtual draw per pairing",
                serde_json::Value::from(v.prior_draws)
            ),
        ),
    )
    .unwrap();
    out.push_str(&format!(
        "## Round robin: {variant}\n\n`{}`\n\n{} games, {per} per pairing ({} pairs), openings: {}, at most {} plies; {:.0} s on {} threads.\n\n![{variant} Elo](strength/{svg_name})\n\n",
        command(path),
        v.games,
        per / 2,
        v.openings.source,
        v.max_plies,
        v.timing.seconds,
        v.timing.threads,
    ));
    let mut table = new_table(
        TableStyle::Markdown,
        &[
            "rank",
            "engine",
            "Elo",
            "95% ±",
            "games",
            "score",
            "as attackers",
            "as defenders",
        ],
        &[0, 2, 3, 4, 5],
    );
    for (rank, &i) in order.iter().enumerate() {
        table.add_row(vec![
            (rank + 1).to_string(),
            format!("`{}`", engines[i]),
            signed(ratings[i].elo),
            format!("{:.0}", ratings[i].error),
            ratings[i].games.to_string(),
            score(&results[i].total),
            format!(
                "{} ({})",
                wdl(&results[i].as_attackers),
                score(&results[i].as_attackers)
            ),
            format!(
                "{} ({})",
                wdl(&results[i].as_defenders),
                score(&results[i].as_defenders)
            ),
        ]);
    }
    out.push_str(&format!("{table}\n\n"));
    // Scores of every pairing, row engine against column engine.
    let mut header: Vec<String> = vec!["score of ↓ against →".into()];
    header.extend(order.iter().map(|&i| format!("`{}`", engines[i])));
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let right: Vec<usize> = (1..=engines.len()).collect();
    let mut grid = new_table(TableStyle::Markdown, &header, &right);
    let find = |a: &str, b: &str| -> String {
        for p in &v.pairings {
            if p.engine == a && p.opponent == b {
                return score(&p.games);
            }
            if p.engine == b && p.opponent == a {
                return score(&p.games.reversed());
            }
        }
        "".into()
    };
    for &i in &order {
        let mut row = vec![format!("`{}`", engines[i])];
        row.extend(order.iter().map(|&j| {
            if i == j {
                "".into()
            } else {
                find(&engines[i], &engines[j])
            }
        }));
        grid.add_row(row);
    }
    out.push_str(&format!("{grid}\n\n"));
}

/// The attackers' score and its interval, in percent (`NaN` without games).
fn attackers_score(v: &SideBalanceDocument) -> (f64, f64, f64) {
    v.attackers_score
        .as_ref()
        .map_or((f64::NAN, f64::NAN, f64::NAN), |s| {
            (
                100.0 * s.score,
                100.0 * s.score_lower,
                100.0 * s.score_upper,
            )
        })
}

fn side_balance(dir: &Path, records: Option<&Path>, paths: &[PathBuf], out: &mut String) {
    if paths.is_empty() {
        return;
    }
    let docs: Vec<(PathBuf, SideBalanceDocument)> =
        paths.iter().map(|p| (p.clone(), read(p))).collect();
    let engine = docs[0]
        .1
        .engines
        .first()
        .cloned()
        .unwrap_or_else(|| "?".into());
    let rows: Vec<IntervalRow> = docs
        .iter()
        .map(|(_, v)| {
            let (value, lower, upper) = attackers_score(v);
            IntervalRow {
                label: v.variant.clone(),
                value,
                lower,
                upper,
            }
        })
        .collect();
    let games = docs[0].1.games;
    fs::write(
        dir.join("side-balance.svg"),
        interval_plot(
            &format!("Side balance under {engine} (playing itself)"),
            "attackers' score, % (95% interval; draws count half)",
            &rows,
            Some(50.0),
            &format!("{games} games per variant"),
        ),
    )
    .unwrap();
    let total: f64 = docs.iter().map(|(_, v)| v.timing.seconds).sum();
    out.push_str(&format!(
        "## Side balance of every catalog variant under `{engine}`\n\n`{}` (and the same for each variant)\n\n{games} games per variant, the engine playing itself, each game from its own opening; {total:.0} s of wall time in all.\n\n![side balance](strength/side-balance.svg)\n\n",
        command(&docs[0].0)
    ));
    let mut table = new_table(
        TableStyle::Markdown,
        &[
            "variant",
            "games",
            "attackers W-D-L",
            "attackers' score",
            "95% interval",
            "draws",
            "plies (mean)",
            "most common end",
        ],
        &[1, 3, 5, 6],
    );
    for (_, v) in &docs {
        let (score, lower, upper) = attackers_score(v);
        let common = v
            .games_summary
            .ends
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(k, n)| format!("{k} ({n})"))
            .unwrap_or_default();
        table.add_row(vec![
            v.variant.clone(),
            v.games.to_string(),
            wdl(&v.attackers),
            format!("{score:.1}%"),
            format!("{lower:.1}% to {upper:.1}%"),
            format!("{:.0}%", 100.0 * v.draw_rate),
            format!(
                "{:.0}",
                v.games_summary.length.as_ref().map_or(f64::NAN, |m| m.mean)
            ),
            common,
        ]);
    }
    out.push_str(&format!("{table}\n\n"));
    // Which side the intervals favour, and variants whose games were identical.
    let favour = |attackers: bool| -> Vec<String> {
        docs.iter()
            .filter(|(_, v)| {
                let (_, lower, upper) = attackers_score(v);
                if attackers {
                    lower > 50.0
                } else {
                    upper < 50.0
                }
            })
            .map(|(_, v)| v.variant.clone())
            .collect()
    };
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    out.push_str(&format!(
        "Intervals clear of 50%: the attackers favoured in {}; the defenders in {}.\n\n",
        list(favour(true)),
        list(favour(false))
    ));
    if let Some(records) = records {
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for (_, v) in &docs {
            let variant = v.variant.clone();
            let Ok(games) = fs::read_to_string(records.join(format!("side-{variant}.csv"))) else {
                continue;
            };
            match groups.iter_mut().find(|(g, _)| *g == games) {
                Some((_, names)) => names.push(variant),
                None => groups.push((games, vec![variant])),
            }
        }
        for (_, names) in groups.iter().filter(|(_, n)| n.len() > 1) {
            out.push_str(&format!(
                "{} played the same {games} games move for move: their rules differ only in \
                 situations these games never reached.\n\n",
                names.join(", ")
            ));
        }
    }
}

fn equal_time(paths: &[PathBuf], out: &mut String) {
    if paths.is_empty() {
        return;
    }
    out.push_str("## MCTS against alpha-beta at equal time\n\n");
    let mut table = new_table(
        TableStyle::Markdown,
        &[
            "variant",
            "games",
            "verdict (first engine's view)",
            "95% interval",
            "first engine as attackers",
            "as defenders",
            "LL-LD-DD/WL-WD-WW",
        ],
        &[1],
    );
    for p in paths {
        let v: MatchDocument = read(p);
        let (lower, upper) = v
            .elo
            .as_ref()
            .map_or((f64::NAN, f64::NAN), |e| (e.elo_lower, e.elo_upper));
        let r = &v.results[0];
        let pe = &v.pentanomial;
        table.add_row(vec![
            v.variant.clone(),
            v.games.to_string(),
            v.verdict.clone(),
            format!("{lower:+.0} to {upper:+.0} Elo"),
            format!("{} ({})", wdl(&r.as_attackers), score(&r.as_attackers)),
            format!("{} ({})", wdl(&r.as_defenders), score(&r.as_defenders)),
            format!("{}-{}-{}-{}-{}", pe.ll, pe.ld, pe.dd_wl, pe.wd, pe.ww),
        ]);
        out.push_str(&format!("`{}`\n\n", command(p)));
    }
    out.push_str(&format!("{table}\n\n"));
}

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: strength_report DATA_DIR [RECORDS_DIR]"),
    );
    let records = std::env::args().nth(2).map(PathBuf::from);
    let mut out = String::new();
    for path in files(&dir, "rr-") {
        round_robin(&dir, &path, &mut out);
    }
    side_balance(&dir, records.as_deref(), &files(&dir, "side-"), &mut out);
    equal_time(&files(&dir, "equal-time-"), &mut out);
    print!("{out}");
}
