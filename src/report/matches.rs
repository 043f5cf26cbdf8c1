//! taflmatch's documents as text: a headline and tables on a terminal, each rendered
//! from the document `--json` prints, so the two cannot disagree.

use crate::matches::{
    signed, EngineResults, MatchDocument, MatchProgress, OpeningsReport, RoundRobinDocument,
    SideBalanceDocument, SummaryReport, TaflmatchDocument,
};
use crate::report::table::{new_table, TableStyle};
use crate::stats::{EloEstimate, EloModel, Trinomial};

/// Any taflmatch document as text.
pub fn taflmatch_text(doc: &TaflmatchDocument) -> String {
    match doc {
        TaflmatchDocument::Match(d) => match_text(d),
        TaflmatchDocument::RoundRobin(d) => round_robin_text(d),
        TaflmatchDocument::SideBalance(d) => side_balance_text(d),
    }
}

/// The openings' line of the text output.
fn openings_line(openings: &OpeningsReport) -> String {
    let mut line = format!("openings: {}", openings.source);
    if openings.repeated {
        line += &format!(
            " (only {} distinct for {}: they repeat)",
            openings.available, openings.used
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

fn results_table(results: &[EngineResults]) -> String {
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
    for r in results {
        table.add_row(vec![
            r.engine.clone(),
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

/// The endings table, the lengths and the failures of `games` games.
fn summary_text(summary: &SummaryReport, games: usize) -> String {
    let mut table = new_table(
        TableStyle::Terminal,
        &["game end", "games", "share"],
        &[1, 2],
    );
    for (label, n) in &summary.ends {
        table.add_row(vec![
            label.clone(),
            n.to_string(),
            percent(*n as f64 / games.max(1) as f64),
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

/// A match: the verdict, the estimate, the SPRT, the results, the pairs, the games.
pub fn match_text(d: &MatchDocument) -> String {
    let mut out = format!(
        "{}: {} games ({} pairs) of at most {} plies; {}\n\n",
        d.variant,
        d.games,
        d.games / 2,
        d.max_plies,
        openings_line(&d.openings)
    );
    out += &d.verdict;
    out.push('\n');
    if let Some(e) = &d.elo {
        out += &estimate_lines(e);
    }
    if let Some(s) = &d.sprt {
        out += &format!(
            "  SPRT {} ({} Elo): LLR {:.2} in ({:.2}, {:.2}), {} after {} of {} pairs\n",
            s.parameters,
            match s.parameters.model {
                EloModel::Normalized => "normalized",
                EloModel::Logistic => "logistic",
            },
            s.llr,
            s.lower_bound,
            s.upper_bound,
            s.state.name(),
            d.pairs,
            d.pairs_planned
        );
    }
    out.push('\n');
    out += &results_table(&d.results);
    out += &format!(
        "\n\ngame pairs, points of {} from each pair:\n",
        d.engines[0]
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
    let p = &d.pentanomial;
    table.add_row(
        [p.ll, p.ld, p.dd_wl, p.wd, p.ww, p.wl]
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>(),
    );
    out += &table.to_string();
    out += "\n\n";
    out += &summary_text(&d.games_summary, d.games);
    out
}

/// A round robin: the ratings by rank, every pairing, the results, the games.
pub fn round_robin_text(d: &RoundRobinDocument) -> String {
    let mut out = format!(
        "{}: round robin of {} engines, {} games per pairing ({} in all) of at most {} plies; {}\n\n",
        d.variant,
        d.engines.len(),
        d.games_per_pairing,
        d.games,
        d.max_plies,
        openings_line(&d.openings)
    );
    out += &format!(
        "Bradley-Terry Elo relative to the pool's mean, 95% intervals ({} virtual draw per pairing):\n",
        d.prior_draws
    );
    let mut order: Vec<&_> = d.ratings.iter().collect();
    order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    let mut table = new_table(
        TableStyle::Terminal,
        &["rank", "engine", "Elo", "±", "games", "score"],
        &[0, 2, 3, 4, 5],
    );
    for (rank, rating) in order.iter().enumerate() {
        table.add_row(vec![
            (rank + 1).to_string(),
            rating.engine.clone(),
            signed(rating.elo),
            format!("{:.1}", rating.error),
            rating.games.to_string(),
            rating.score.map_or("-".into(), percent),
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
    for p in &d.pairings {
        let (elo, err) = p.elo.map_or(("-".into(), "-".into()), |e| {
            (signed(e.elo), format!("{:.1}", e.elo_error))
        });
        let b = p.pentanomial.buckets();
        table.add_row(vec![
            p.engine.clone(),
            p.opponent.clone(),
            wdl(&p.games),
            score(&p.games),
            elo,
            err,
            format!("{}-{}-{}-{}-{}", b[0], b[1], b[2], b[3], b[4]),
        ]);
    }
    out += &table.to_string();
    out += "\n\n";
    out += &results_table(&d.results);
    out += "\n\n";
    out += &summary_text(&d.games_summary, d.games);
    out
}

/// One engine against itself: the attackers' score and the games.
pub fn side_balance_text(d: &SideBalanceDocument) -> String {
    let mut out = format!(
        "{}: side balance under {} (playing itself), {} games of at most {} plies; {}\n\n",
        d.variant,
        d.engines[0],
        d.games,
        d.max_plies,
        openings_line(&d.openings)
    );
    let a = &d.attackers;
    if let Some(e) = &d.attackers_score {
        out += &format!(
            "attackers score {} (95% interval {} to {}), {} Elo for the attackers; draws {}\n",
            percent(e.score),
            percent(e.score_lower),
            percent(e.score_upper),
            signed(e.elo),
            percent(d.draw_rate),
        );
    }
    out += &format!(
        "attackers won {}, drew {}, lost {} of {} games\n\n",
        a.wins,
        a.draws,
        a.losses,
        a.games()
    );
    out += &summary_text(&d.games_summary, d.games);
    out
}
