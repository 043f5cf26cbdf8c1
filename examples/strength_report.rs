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

use serde_json::Value;
use taflcount::report::plot::{interval_plot, IntervalRow};
use taflcount::report::table::{new_table, TableStyle};

fn read(path: &Path) -> Value {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn command(path: &Path) -> String {
    fs::read_to_string(path.with_extension("cmd"))
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

fn wdl(v: &Value) -> String {
    format!("{}-{}-{}", v["wins"], v["draws"], v["losses"])
}

fn score(v: &Value) -> String {
    let (w, d, l) = (f(&v["wins"]), f(&v["draws"]), f(&v["losses"]));
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

fn seconds(v: &Value) -> f64 {
    f(&v["timing"]["seconds"])
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
    let v = read(path);
    let variant = v["variant"].as_str().unwrap_or("?").to_string();
    let engines: Vec<String> = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap().to_string())
        .collect();
    let ratings = v["ratings"].as_array().unwrap();
    let results = v["results"].as_array().unwrap();
    let mut order: Vec<usize> = (0..engines.len()).collect();
    order.sort_by(|&a, &b| f(&ratings[b]["elo"]).total_cmp(&f(&ratings[a]["elo"])));
    let svg_name = format!("elo-{variant}.svg");
    let rows: Vec<IntervalRow> = order
        .iter()
        .map(|&i| {
            let (elo, err) = (f(&ratings[i]["elo"]), f(&ratings[i]["error"]));
            IntervalRow {
                label: engines[i].clone(),
                value: elo,
                lower: elo - err,
                upper: elo + err,
            }
        })
        .collect();
    let per = v["games_per_pairing"].as_u64().unwrap();
    fs::write(
        dir.join(&svg_name),
        interval_plot(
            &format!("{variant}: round robin Elo (Bradley-Terry)"),
            "Elo relative to the pool's mean, 95% interval",
            &rows,
            Some(0.0),
            &format!(
                "{per} games per pairing, {} virtual draw per pairing",
                v["prior_draws"]
            ),
        ),
    )
    .unwrap();
    out.push_str(&format!(
        "## Round robin: {variant}\n\n`{}`\n\n{} games, {per} per pairing ({} pairs), openings: {}, at most {} plies; {:.0} s on {} threads.\n\n![{variant} Elo](strength/{svg_name})\n\n",
        command(path),
        v["games"],
        per / 2,
        v["openings"]["source"].as_str().unwrap_or("?"),
        v["max_plies"],
        seconds(&v),
        v["timing"]["threads"],
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
            signed(f(&ratings[i]["elo"])),
            format!("{:.0}", f(&ratings[i]["error"])),
            ratings[i]["games"].to_string(),
            score(&results[i]["total"]),
            format!(
                "{} ({})",
                wdl(&results[i]["as_attackers"]),
                score(&results[i]["as_attackers"])
            ),
            format!(
                "{} ({})",
                wdl(&results[i]["as_defenders"]),
                score(&results[i]["as_defenders"])
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
    let pairings = v["pairings"].as_array().unwrap();
    let find = |a: &str, b: &str| -> String {
        for p in pairings {
            let (e, o) = (
                p["engine"].as_str().unwrap(),
                p["opponent"].as_str().unwrap(),
            );
            if e == a && o == b {
                return score(&p["games"]);
            }
            if e == b && o == a {
                let g = &p["games"];
                let flipped = serde_json::json!({"wins": g["losses"], "draws": g["draws"], "losses": g["wins"]});
                return score(&flipped);
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

fn side_balance(dir: &Path, records: Option<&Path>, paths: &[PathBuf], out: &mut String) {
    if paths.is_empty() {
        return;
    }
    let docs: Vec<(PathBuf, Value)> = paths.iter().map(|p| (p.clone(), read(p))).collect();
    let engine = docs[0].1["engines"][0].as_str().unwrap_or("?").to_string();
    let rows: Vec<IntervalRow> = docs
        .iter()
        .map(|(_, v)| {
            let s = &v["attackers_score"];
            IntervalRow {
                label: v["variant"].as_str().unwrap_or("?").to_string(),
                value: 100.0 * f(&s["score"]),
                lower: 100.0 * f(&s["score_lower"]),
                upper: 100.0 * f(&s["score_upper"]),
            }
        })
        .collect();
    let games = docs[0].1["games"].clone();
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
    let total: f64 = docs.iter().map(|(_, v)| seconds(v)).sum();
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
        let s = &v["attackers_score"];
        let ends = v["games_summary"]["ends"].as_object().unwrap();
        let common = ends
            .iter()
            .max_by_key(|(_, n)| n.as_u64().unwrap_or(0))
            .map(|(k, n)| format!("{k} ({n})"))
            .unwrap_or_default();
        table.add_row(vec![
            v["variant"].as_str().unwrap_or("?").to_string(),
            v["games"].to_string(),
            wdl(&v["attackers"]),
            format!("{:.1}%", 100.0 * f(&s["score"])),
            format!(
                "{:.1}% to {:.1}%",
                100.0 * f(&s["score_lower"]),
                100.0 * f(&s["score_upper"])
            ),
            format!("{:.0}%", 100.0 * f(&v["draw_rate"])),
            format!("{:.0}", f(&v["games_summary"]["length"]["mean"])),
            common,
        ]);
    }
    out.push_str(&format!("{table}\n\n"));
    // Which side the intervals favour, and variants whose games were identical.
    let name = |v: &Value| v["variant"].as_str().unwrap_or("?").to_string();
    let favour = |attackers: bool| -> Vec<String> {
        docs.iter()
            .filter(|(_, v)| {
                let s = &v["attackers_score"];
                if attackers {
                    f(&s["score_lower"]) > 0.5
                } else {
                    f(&s["score_upper"]) < 0.5
                }
            })
            .map(|(_, v)| name(v))
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
            let variant = name(v);
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
        let v = read(p);
        let e = &v["elo"];
        let r = &v["results"][0];
        let pe = &v["pentanomial"];
        table.add_row(vec![
            v["variant"].as_str().unwrap_or("?").to_string(),
            v["games"].to_string(),
            v["verdict"].as_str().unwrap_or("?").to_string(),
            format!(
                "{:+.0} to {:+.0} Elo",
                f(&e["elo_lower"]),
                f(&e["elo_upper"])
            ),
            format!(
                "{} ({})",
                wdl(&r["as_attackers"]),
                score(&r["as_attackers"])
            ),
            format!(
                "{} ({})",
                wdl(&r["as_defenders"]),
                score(&r["as_defenders"])
            ),
            format!(
                "{}-{}-{}-{}-{}",
                pe["ll"], pe["ld"], pe["dd_wl"], pe["wd"], pe["ww"]
            ),
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
