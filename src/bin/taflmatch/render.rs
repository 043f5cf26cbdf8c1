//! taflmatch's text output: a headline and tables on a terminal (the JSON documents are
//! the library's, `taflcount::matches::MatchDocument` and its siblings).

use taflcount::matches::{
    signed, verdict, GameSummary, HeadToHead, MatchProgress, RoundRobin, RunContext, SideBalance,
    SideResults,
};
use taflcount::report::table::{new_table, TableStyle};
use taflcount::stats::{EloEstimate, Trinomial};

/// The openings' line of the text output.
fn openings_line(h: &RunContext, used: usize) -> String {
    let mut line = format!("openings: {}", h.supply.source);
    if h.supply.exhausted(used) {
        line += &format!(
            " (only {} distinct for {used}: they repeat)",
            h.supply.openings.len()
        );
    }
    line
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn wdl(t: &Trinomial) -> String {
    format!("{}-{}-{}", t.wins, t.draws, t.losses)
}

fn score(t: &Trinomial) -> String {
    t.score().map_or("-".into(), percent)
}

/// The live line: games, score, Elo and LLR so far.
pub fn progress_line(p: &MatchProgress) -> String {
    let mut line = format!("{}/{} games", p.games_done, p.games_planned);
    if let Some(e) = &p.elo {
        line += &format!(
            ", score {}, Elo {} +/- {:.1}",
            percent(e.score),
            signed(e.elo),
            e.elo_error
        );
    }
    if let Some(llr) = p.llr {
        line += &format!(", LLR {llr:.2}");
    }
    line
}

fn estimate_lines(e: &EloEstimate) -> String {
    let nelo = match (e.normalized_elo, e.normalized_error) {
        (Some(n), Some(err)) => format!("normalized Elo {} +/- {:.1}", signed(n), err),
        _ => "normalized Elo undefined (no variance)".into(),
    };
    format!(
        "  score {} [{}, {}], Elo 95% interval [{}, {}], {nelo}, LOS {}\n",
        percent(e.score),
        percent(e.score_lower),
        percent(e.score_upper),
        signed(e.elo_lower),
        signed(e.elo_upper),
        percent(e.los)
    )
}

fn results_table(names: &[String], results: &[SideResults]) -> String {
    let mut table = new_table(
        TableStyle::Terminal,
        &[
            "engine",
            "games",
            "W-D-L",
            "score",
            "as attackers W-D-L",
            "score",
            "as defenders W-D-L",
            "score",
        ],
        &[1, 3, 5, 7],
    );
    for (name, r) in names.iter().zip(results) {
        table.add_row(vec![
            name.clone(),
            r.total.games().to_string(),
            wdl(&r.total),
            score(&r.total),
            wdl(&r.as_attackers),
            score(&r.as_attackers),
            wdl(&r.as_defenders),
            score(&r.as_defenders),
        ]);
    }
    table.to_string()
}

fn summary_text(summary: &GameSummary) -> String {
    let mut table = new_table(
        TableStyle::Terminal,
        &["game end", "games", "share"],
        &[1, 2],
    );
    for (label, n) in &summary.ends {
        table.add_row(vec![
            label.clone(),
            n.to_string(),
            percent(*n as f64 / summary.games.max(1) as f64),
        ]);
    }
    let mut out = table.to_string();
    if let Some(m) = &summary.length {
        out += &format!(
            "\ngame length: {:.1} ± {:.1} plies (sd {:.1}, {} to {}), openings included\n",
            m.mean, m.stderr, m.sd, m.min, m.max
        );
    }
    out += &format!(
        "engine crashes: {}, time losses: {}\n",
        summary.crashes, summary.time_losses
    );
    out
}

pub fn match_text(h: &RunContext, r: &HeadToHead) -> String {
    let mut out = format!(
        "{}: {} games ({} pairs) of at most {} plies; {}\n\n",
        h.variant,
        r.games.len(),
        r.games.len() / 2,
        h.settings.max_plies,
        openings_line(h, r.pentanomial.pairs() as usize)
    );
    out += &verdict(r);
    out.push('\n');
    if let Some(e) = &r.elo {
        out += &estimate_lines(e);
    }
    if let Some(s) = &r.sprt {
        out += &format!(
            "  SPRT {} ({} Elo): LLR {:.2} in ({:.2}, {:.2}), {} after {} of {} pairs\n",
            s.parameters,
            match s.parameters.model {
                taflcount::stats::EloModel::Normalized => "normalized",
                taflcount::stats::EloModel::Logistic => "logistic",
            },
            s.llr,
            s.lower_bound,
            s.upper_bound,
            s.state.name(),
            r.pentanomial.pairs(),
            r.pairs_planned
        );
    }
    out.push('\n');
    out += &results_table(&r.engines, &r.results);
    out += &format!(
        "\n\ngame pairs, points of {} from each pair:\n",
        r.engines[0]
    );
    let mut table = new_table(
        TableStyle::Terminal,
        &[
            "LL (0)",
            "LD (1/2)",
            "DD+WL (1)",
            "WD (3/2)",
            "WW (2)",
            "of them WL",
        ],
        &[0, 1, 2, 3, 4, 5],
    );
    let p = &r.pentanomial;
    table.add_row(
        [p.ll, p.ld, p.dd_wl, p.wd, p.ww, p.wl]
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>(),
    );
    out += &table.to_string();
    out += "\n\n";
    out += &summary_text(&r.summary);
    out
}

pub fn round_robin_text(h: &RunContext, r: &RoundRobin) -> String {
    let mut out = format!(
        "{}: round robin of {} engines, {} games per pairing ({} in all) of at most {} plies; {}\n\n",
        h.variant,
        r.engines.len(),
        h.settings.games,
        r.games.len(),
        h.settings.max_plies,
        openings_line(h, h.settings.games / 2)
    );
    out += &format!(
        "Bradley-Terry Elo relative to the pool's mean, 95% intervals ({} virtual draw per pairing):\n",
        r.prior_draws
    );
    let mut order: Vec<usize> = (0..r.engines.len()).collect();
    order.sort_by(|&a, &b| r.ratings[b].elo.total_cmp(&r.ratings[a].elo));
    let mut table = new_table(
        TableStyle::Terminal,
        &["rank", "engine", "Elo", "±", "games", "score"],
        &[0, 2, 3, 4, 5],
    );
    for (rank, &i) in order.iter().enumerate() {
        table.add_row(vec![
            (rank + 1).to_string(),
            r.engines[i].clone(),
            signed(r.ratings[i].elo),
            format!("{:.1}", r.ratings[i].error),
            r.results[i].total.games().to_string(),
            score(&r.results[i].total),
        ]);
    }
    out += &table.to_string();
    out += "\n\npairings (first engine's view, Elo from the game pairs):\n";
    let mut table = new_table(
        TableStyle::Terminal,
        &[
            "engine",
            "opponent",
            "W-D-L",
            "score",
            "Elo",
            "±",
            "LL-LD-DD/WL-WD-WW",
        ],
        &[3, 4, 5],
    );
    for p in &r.pairings {
        let (elo, err) = p.elo.map_or(("-".into(), "-".into()), |e| {
            (signed(e.elo), format!("{:.1}", e.elo_error))
        });
        let b = p.pentanomial.buckets();
        table.add_row(vec![
            r.engines[p.a].clone(),
            r.engines[p.b].clone(),
            wdl(&p.games),
            score(&p.games),
            elo,
            err,
            format!("{}-{}-{}-{}-{}", b[0], b[1], b[2], b[3], b[4]),
        ]);
    }
    out += &table.to_string();
    out += "\n\n";
    out += &results_table(&r.engines, &r.results);
    out += "\n\n";
    out += &summary_text(&r.summary);
    out
}

pub fn side_balance_text(h: &RunContext, r: &SideBalance) -> String {
    let mut out = format!(
        "{}: side balance under {} (playing itself), {} games of at most {} plies; {}\n\n",
        h.variant,
        r.engine,
        r.games.len(),
        h.settings.max_plies,
        openings_line(h, r.games.len())
    );
    let a = &r.attackers;
    if let Some(e) = &r.attackers_score {
        out += &format!(
            "attackers score {} (95% interval {} to {}), {} Elo for the attackers; draws {}\n",
            percent(e.score),
            percent(e.score_lower),
            percent(e.score_upper),
            signed(e.elo),
            percent(a.draws as f64 / a.games().max(1) as f64),
        );
    }
    out += &format!(
        "attackers won {}, drew {}, lost {} of {} games\n\n",
        a.wins,
        a.draws,
        a.losses,
        a.games()
    );
    out += &summary_text(&r.summary);
    out
}
