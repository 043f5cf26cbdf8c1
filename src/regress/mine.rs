//! Finding misplays in recorded games: plies where the player to move missed a forced win
//! the solver proves, or allowed one while a safe move existed.

use super::fixture::{Expect, Fixture, LimitSpec, Proof, ProofKind};
use super::prover::{Prover, ProverError};
use super::solver::Solver;
use crate::board::RecordOrder;
use crate::board::Side;
use crate::moves::{Move, Position, Tables};
use crate::notation::{replay, GameRecord, Replay, ReplayError};
use std::fmt;

/// A proven mistake at one ply of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misplay {
    /// The game's line in its archive.
    pub game: usize,
    /// The ply of the mistake, counted from 1.
    pub ply: usize,
    /// The side that made it.
    pub side: Side,
    /// The move played.
    pub played: Move,
    /// `Wins`: a forced win was missed; `Safe`/`Loses`: a forced loss was allowed.
    pub kind: ProofKind,
    /// The horizon of the proof in plies.
    pub within: u32,
}

impl Misplay {
    /// "missed a win" or "allowed a win".
    pub fn what(&self) -> &'static str {
        match self.kind {
            ProofKind::Wins => "missed a win",
            ProofKind::Safe | ProofKind::Loses => "allowed a win",
        }
    }
}

/// A game of the archive that does not replay under the rules mined with: mining it
/// would silently skip its plies, so it is an error.
#[derive(Clone, Debug)]
pub struct MineError {
    /// The game's line in its archive.
    pub game: usize,
    /// Why it does not replay.
    pub error: ReplayError,
}

impl fmt::Display for MineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game on line {} does not replay under these rules: {} (is it the right variant?)",
            self.game, self.error
        )
    }
}

impl std::error::Error for MineError {}

impl crate::error::Kind for MineError {}

/// What the solver says about the move played at one ply, if it was a proven mistake.
/// `deep` also looks for missed wins within 3 plies (slower).
pub fn judge(
    tables: &Tables,
    pos: &Position,
    history: &[u64],
    played: Move,
    deep: bool,
) -> Option<(ProofKind, u32)> {
    let mut solver = Solver::new(tables, pos, history);
    let quick = solver.solve(pos, 1);
    if quick.win_in.is_some() && !quick.winning_moves.contains(&played) {
        return Some((ProofKind::Wins, 1));
    }
    if deep && quick.win_in.is_none() {
        let s = solver.solve(pos, 3);
        if s.win_in.is_some() && !s.winning_moves.contains(&played) {
            return Some((ProofKind::Wins, 3));
        }
    }
    let r = solver.refute(pos, 2);
    if r.losing_moves.contains(&played) && !r.safe_moves.is_empty() {
        let kind = if r.safe_moves.len() <= 6 {
            ProofKind::Safe
        } else {
            ProofKind::Loses
        };
        return Some((kind, 2));
    }
    None
}

/// The history that matters before ply `ply` (from 1) of a replayed game: the hashes of
/// the positions and the moves since the last capture, oldest first. Positions before a
/// capture can never repeat, so nothing earlier is needed.
pub fn history_since_capture(
    positions: &[Position],
    moves: &[Move],
    ply: usize,
) -> (Vec<u64>, Vec<Move>) {
    let pieces = |p: &Position| p.count(Side::Attackers) + p.count(Side::Defenders);
    let current = &positions[ply - 1];
    let mut first = ply - 1;
    while first > 0 && pieces(&positions[first - 1]) == pieces(current) {
        first -= 1;
    }
    (
        positions[first..ply - 1].iter().map(|p| p.hash()).collect(),
        moves[first..ply - 1].to_vec(),
    )
}

/// Every misplay of `games` (replayed under `tables`), in game and ply order.
pub fn mine(tables: &Tables, games: &[GameRecord], deep: bool) -> Result<Vec<Misplay>, MineError> {
    let mut found = Vec::new();
    for game in games {
        let r = replay(tables, game).map_err(|error| MineError {
            game: game.line,
            error,
        })?;
        for ply in 1..=r.moves.len() {
            let pos = &r.positions[ply - 1];
            if pos.outcome(tables).is_some() {
                break;
            }
            let (history, _) = history_since_capture(&r.positions, &r.moves, ply);
            let played = r.moves[ply - 1];
            if let Some((kind, within)) = judge(tables, pos, &history, played, deep) {
                let side = pos.side_to_move();
                found.push(Misplay {
                    game: game.line,
                    ply,
                    side,
                    played,
                    kind,
                    within,
                });
            }
        }
    }
    Ok(found)
}

/// How `mine_game_deep` looks for missed wins: with the deep prover, up to `plies`
/// plies, giving up on a ply after `node_limit` positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepMining {
    /// The longest win looked for, in plies (odd; an even number means one less).
    pub plies: u32,
    /// Positions the prover may make per question before the ply counts as undecided.
    pub node_limit: u64,
}

/// What deep mining found in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMining {
    /// The game's line in its archive.
    pub game: usize,
    /// Plies examined (up to the end of the game).
    pub plies: usize,
    /// Proven mistakes, in ply order: missed wins within `DeepMining::plies`, and
    /// allowed wins within 2 plies (as `judge` finds them).
    pub misplays: Vec<Misplay>,
    /// Plies where the prover gave up before settling whether a win was missed.
    pub undecided: Vec<usize>,
    /// Positions the prover and solver made.
    pub nodes: u64,
}

/// What the deep prover says about the move played at one ply: a missed win (the
/// shortest win within `opts.plies`, when the move played forces no win within
/// `opts.plies`), or else an allowed win within 2 plies (the solver, as `judge`). `Err`
/// when the prover gave up.
pub fn judge_deep(
    tables: &Tables,
    pos: &Position,
    history: &[u64],
    played: Move,
    opts: &DeepMining,
) -> Result<(Option<(ProofKind, u32)>, u64), ProverError> {
    let mut prover = Prover::new(tables, pos, history)?.with_node_limit(opts.node_limit);
    let missed = match prover.shortest_win(pos, opts.plies) {
        // A slower win is no missed win: the move played must force none within the
        // whole horizon.
        Ok(Some(n)) => match prover.move_wins(pos, played, opts.plies) {
            Ok(true) => None,
            Ok(false) => Some((ProofKind::Wins, n)),
            Err(e) => return Err(e),
        },
        Ok(None) => None,
        Err(e) => return Err(e),
    };
    let mut nodes = prover.nodes();
    if missed.is_some() {
        return Ok((missed, nodes));
    }
    let mut solver = Solver::new(tables, pos, history);
    let r = solver.refute(pos, 2);
    nodes += r.nodes;
    if r.losing_moves.contains(&played) && !r.safe_moves.is_empty() {
        let kind = if r.safe_moves.len() <= 6 {
            ProofKind::Safe
        } else {
            ProofKind::Loses
        };
        return Ok((Some((kind, 2)), nodes));
    }
    Ok((None, nodes))
}

/// Every ply of one game judged by `judge_deep`.
pub fn mine_game_deep(
    tables: &Tables,
    game: &GameRecord,
    opts: &DeepMining,
) -> Result<GameMining, MineError> {
    let r = replay(tables, game).map_err(|error| MineError {
        game: game.line,
        error,
    })?;
    let mut found = GameMining {
        game: game.line,
        plies: 0,
        misplays: Vec::new(),
        undecided: Vec::new(),
        nodes: 0,
    };
    for ply in 1..=r.moves.len() {
        let pos = &r.positions[ply - 1];
        if pos.outcome(tables).is_some() {
            break;
        }
        found.plies = ply;
        let (history, _) = history_since_capture(&r.positions, &r.moves, ply);
        let played = r.moves[ply - 1];
        let misplay = match judge_deep(tables, pos, &history, played, opts) {
            Ok((misplay, nodes)) => {
                found.nodes += nodes;
                misplay
            }
            Err(ProverError::Exhausted { nodes }) => {
                found.nodes += nodes;
                found.undecided.push(ply);
                None
            }
            // Berserk rules: the solver alone, as `judge` at 3 plies.
            Err(ProverError::Berserk) => judge(tables, pos, &history, played, true),
        };
        if let Some((kind, within)) = misplay {
            found.misplays.push(Misplay {
                game: game.line,
                ply,
                side: pos.side_to_move(),
                played,
                kind,
                within,
            });
        }
    }
    Ok(found)
}

/// A fixture for the move played at ply `ply` (from 1) of a replayed game, with its
/// proof: the position before the ply, the history since the last capture, the move
/// played as the misplay, the expectation the proof supports, and the game as source.
/// `records` names the archive in `source`; `limit` is the search the AI gets.
#[allow(clippy::too_many_arguments)]
pub fn game_fixture(
    tables: &Tables,
    id: &str,
    variant: &str,
    records: &str,
    record: &GameRecord,
    r: &Replay,
    ply: usize,
    proof: Proof,
    limit: LimitSpec,
) -> Fixture {
    let pos = &r.positions[ply - 1];
    let played = r.moves[ply - 1];
    let side = pos.side_to_move();
    let (_, history_moves) = history_since_capture(&r.positions, &r.moves, ply);
    let line: Vec<String> = r.moves[..ply].iter().map(|m| m.to_string()).collect();
    let expect = Expect::from_proof(&proof, &played.to_string());
    Fixture {
        id: id.to_string(),
        variant: Some(variant.to_string()),
        rules: None,
        position: format!(
            "starti:{}",
            pos.layout(tables).record(RecordOrder::TopRankFirst)
        ),
        side_to_move: side.name().to_string(),
        history: history_moves.iter().map(|m| m.to_string()).collect(),
        misplay: played.to_string(),
        expect,
        limit,
        proof,
        source: format!(
            "{records} game {} (line {}), ply {ply}: {}",
            record.line,
            record.line,
            line.join(" ")
        ),
        comment: format!("recorded game: the {side} played {played}"),
    }
}

/// The hard-tier fixture of a missed win that deep mining found at `misplay` of the game
/// `record` (replayed as `r`): the win proven again by the deep prover within
/// `proof_nodes` positions, the AI given the hard tier's budget
/// ([`tier::DEFAULT_NODES`](super::tier::DEFAULT_NODES) nodes), and the result validated
/// as the suite would load it. Its id is `{variant}-game{line}-ply{ply}`.
pub fn hard_tier_fixture(
    tables: &Tables,
    variant: &str,
    records: &str,
    record: &GameRecord,
    r: &Replay,
    misplay: &Misplay,
    proof_nodes: u64,
) -> Result<Fixture, HardFixtureError> {
    let id = format!("{variant}-game{}-ply{}", record.line, misplay.ply);
    let pos = &r.positions[misplay.ply - 1];
    let (history, _) = history_since_capture(&r.positions, &r.moves, misplay.ply);
    let proof = Proof::establish_deep(
        tables,
        pos,
        &history,
        ProofKind::Wins,
        misplay.within,
        Some(proof_nodes),
    )
    .map_err(HardFixtureError::Unproven)?;
    let limit = LimitSpec {
        depth: None,
        nodes: Some(super::tier::DEFAULT_NODES),
    };
    let fixture = game_fixture(
        tables,
        &id,
        variant,
        records,
        record,
        r,
        misplay.ply,
        proof,
        limit,
    );
    super::fixture::validate(&id, fixture.clone()).map_err(HardFixtureError::Invalid)?;
    Ok(fixture)
}

/// Why a missed win gave no hard-tier fixture.
#[derive(Debug)]
pub enum HardFixtureError {
    /// The deep prover did not prove the win again within its budget: no fixture, and
    /// mining goes on.
    Unproven(ProverError),
    /// The fixture would not load (a bug: the suite would refuse it).
    Invalid(super::fixture::FixtureError),
}

impl fmt::Display for HardFixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HardFixtureError::Unproven(e) => write!(f, "not proven again: {e}"),
            HardFixtureError::Invalid(e) => write!(f, "the fixture would not load: {e}"),
        }
    }
}

impl std::error::Error for HardFixtureError {}

impl crate::error::Kind for HardFixtureError {
    /// A fixture that does not load is a failed check of the miner's own output.
    fn kind(&self) -> crate::error::ErrorKind {
        match self {
            HardFixtureError::Unproven(_) => crate::error::ErrorKind::Input,
            HardFixtureError::Invalid(_) => crate::error::ErrorKind::CheckFailed,
        }
    }
}
