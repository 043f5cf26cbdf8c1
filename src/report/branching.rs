//! `taflcount branching` as tables (terminal or markdown) and as a markdown page that
//! embeds the plot.

use super::table::{new_table, TableStyle};
use crate::sampling::{
    BranchingReport, BranchingStatistics, BranchingSummary, FirstMover, LengthSummary, Moments,
    Outcomes, Source,
};
use std::fmt::Write;

/// A mean with its standard error: `93.12 ± 0.41`.
fn pm(mean: f64, stderr: f64, decimals: usize) -> String {
    if stderr.is_finite() {
        format!("{mean:.decimals$} ± {stderr:.decimals$}")
    } else {
        format!("{mean:.decimals$}")
    }
}

/// A whole number as it is, anything else to one decimal.
fn short(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x}")
    } else {
        format!("{x:.1}")
    }
}

/// One line saying what was measured.
pub fn headline(report: &BranchingReport) -> String {
    let variant = report.variant.as_deref().unwrap_or("custom rules");
    let s = &report.statistics;
    match report.source {
        Source::SelfPlay => format!(
            "{variant}: self-play, {} vs {}, {} games, seed {}, ply cap {}; {} positions",
            report.player.as_deref().unwrap_or("?"),
            report.player.as_deref().unwrap_or("?"),
            s.games,
            report.seed.unwrap_or(0),
            report.max_plies.unwrap_or(0),
            s.positions
        ),
        Source::Records => format!(
            "{variant}: {} recorded games from {}; {} positions",
            s.games,
            report.records.as_deref().unwrap_or("?"),
            s.positions
        ),
    }
}

/// The branching, length, game-tree and outcome tables.
pub fn render_tables(report: &BranchingReport, style: TableStyle) -> String {
    let s = &report.statistics;
    let mut out = String::new();
    writeln!(out, "{}\n", branching_table(&s.branching, style)).unwrap();
    writeln!(out, "Standard errors treat games as the independent units (positions of one game are not independent).\n").unwrap();
    writeln!(out, "{}\n", length_table(&s.length, s.games, style)).unwrap();
    writeln!(out, "{}\n", game_tree_table(s, style)).unwrap();
    writeln!(out, "{}", outcomes_table(&s.outcomes, s.games, style)).unwrap();
    writeln!(out, "{}", first_mover_line(&s.first_mover)).unwrap();
    out
}

/// Branching factors over all positions (arithmetic and geometric), then by side.
fn branching_table(b: &BranchingSummary, style: TableStyle) -> String {
    let mut table = new_table(
        style,
        &[
            "branching factor",
            "positions",
            "mean ± se",
            "sd",
            "min",
            "max",
        ],
        &[1, 2, 3, 4, 5],
    );
    let row = |label: &str, m: &Moments| {
        vec![
            label.to_string(),
            m.n.to_string(),
            pm(m.mean, m.stderr, 2),
            format!("{:.2}", m.sd),
            format!("{}", m.min),
            format!("{}", m.max),
        ]
    };
    let all = Moments {
        n: b.positions,
        mean: b.mean,
        sd: b.sd,
        stderr: b.stderr,
        min: b.min,
        max: b.max,
    };
    table.add_row(row("all positions (arithmetic mean)", &all));
    table.add_row(vec![
        "all positions (geometric mean)".to_string(),
        b.positions.to_string(),
        pm(b.geometric_mean, b.geometric_mean_stderr, 2),
        String::new(),
        String::new(),
        String::new(),
    ]);
    if let Some(m) = &b.by_side.attackers {
        table.add_row(row("attackers to move", m));
    }
    if let Some(m) = &b.by_side.defenders {
        table.add_row(row("defenders to move", m));
    }
    table.to_string()
}

/// Game lengths: mean, spread and quantiles.
fn length_table(l: &LengthSummary, games: usize, style: TableStyle) -> String {
    let mut table = new_table(
        style,
        &[
            "game length (plies)",
            "mean ± se",
            "sd",
            "min",
            "p10",
            "p25",
            "median",
            "p75",
            "p90",
            "max",
        ],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    table.add_row(vec![
        format!("{games} games"),
        pm(l.mean, l.stderr, 1),
        format!("{:.1}", l.sd),
        short(l.min),
        short(l.p10),
        short(l.p25),
        short(l.median),
        short(l.p75),
        short(l.p90),
        short(l.max),
    ]);
    table.to_string()
}

/// The game tree's size, two ways: b^L of the means, and the mean of each game's
/// product of branching factors.
fn game_tree_table(s: &BranchingStatistics, style: TableStyle) -> String {
    let (g, b, l) = (&s.game_tree, &s.branching, &s.length);
    let mut table = new_table(style, &["game tree", "log10", "meaning"], &[1]);
    table.add_row(vec![
        "log10(mean b ^ mean L)".to_string(),
        format!("{:.1}", g.log10_mean_b_pow_mean_l),
        format!(
            "the essays' b^L with the measured arithmetic mean b = {:.2} and mean length L = {:.1}",
            b.mean, l.mean
        ),
    ]);
    table.add_row(vec![
        "mean Σ log10 b".to_string(),
        pm(g.mean_sum_log10_b, g.mean_sum_log10_b_stderr, 1),
        format!("mean over games of log10 of the product of the branching factors met (= mean L · log10 of the geometric mean b, {:.2})", b.geometric_mean),
    ]);
    table.to_string()
}

/// How the games ended, with each rule's reason under its result.
fn outcomes_table(o: &Outcomes, games: usize, style: TableStyle) -> String {
    let mut table = new_table(style, &["outcome", "games", "share"], &[1, 2]);
    let share = |n: usize| format!("{:.1}%", 100.0 * n as f64 / games.max(1) as f64);
    for (label, n) in [
        ("attackers won", o.attackers),
        ("defenders won", o.defenders),
        ("draw", o.draw),
        ("unfinished", o.unfinished),
    ] {
        table.add_row(vec![label.to_string(), n.to_string(), share(n)]);
    }
    for (reason, &n) in &o.by_reason {
        table.add_row(vec![format!("  {reason}"), n.to_string(), share(n)]);
    }
    table.to_string()
}

/// The first mover's share of the decisive games.
fn first_mover_line(f: &FirstMover) -> String {
    format!(
        "First mover ({}): won {} of {} decisive games, {}.",
        f.side,
        f.wins,
        f.wins + f.losses,
        match (f.share_of_decisive, f.stderr) {
            (Some(share), Some(stderr)) => format!("{} %", pm(100.0 * share, 100.0 * stderr, 1)),
            _ => "no decisive games".to_string(),
        }
    )
}

/// The markdown page of a `--report` run; `plot` is the SVG's file name beside it and
/// `command` the command line that made it.
pub fn render_markdown(report: &BranchingReport, plot: &str, command: &str) -> String {
    let variant = report.variant.as_deref().unwrap_or("custom rules");
    let mut out = String::new();
    let what = match report.source {
        Source::SelfPlay => format!("self-play ({})", report.player.as_deref().unwrap_or("?")),
        Source::Records => "recorded games".to_string(),
    };
    writeln!(out, "# Branching factor of {variant}: {what}\n").unwrap();
    writeln!(out, "{}.\n", headline(report)).unwrap();
    writeln!(out, "Made by `{command}`.\n").unwrap();
    writeln!(out, "Rules: `{}`\n", report.rules).unwrap();
    writeln!(
        out,
        "![Legal moves by ply, mean and ±1 sd band for each side]({plot})\n"
    )
    .unwrap();
    writeln!(out, "{}", render_tables(report, TableStyle::Markdown)).unwrap();
    let g = &report.statistics;
    writeln!(
        out,
        "\nFor the complexity report: `taflcount complexity --variant {variant} --branching {:.2} --length {:.1}`.",
        g.branching.mean, g.length.mean
    )
    .unwrap();
    out
}
