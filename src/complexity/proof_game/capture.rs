//! The first stage of a proof game: capture the pieces the target lacks. A capture
//! needs the victim on a square, something hostile to it on one side (an enemy anvil or
//! a hostile square: a corner, an empty throne) and an enemy hammer arriving on the
//! other side. The plan is found in the current position (each piece at most one move
//! from its square) and played with the other side's waiting moves in between.

use super::target::AXES;
use super::walk::Walk;
use crate::board::{PieceKind, Side};
use crate::moves::{Move, Mover, Position, Square, Tables};
use crate::rng::SplitMix64;

/// A plan to capture one piece: the victim's move (if any), the anvil's (if any), and
/// the hammer's capturing move.
struct Plan {
    victim: Option<Move>,
    anvil: Option<Move>,
    hammer: Move,
    /// Where the victim is captured.
    square: Square,
}

impl Plan {
    fn cost(&self) -> usize {
        1 + self.victim.is_some() as usize + self.anvil.is_some() as usize
    }

    /// Squares a waiting move must leave alone: the plan's lines and their ends.
    fn keep_clear(&self, dim: usize) -> Vec<Square> {
        let mut out = Vec::new();
        for mv in [self.victim, self.anvil, Some(self.hammer)]
            .into_iter()
            .flatten()
        {
            out.extend(segment(mv));
        }
        out.push(self.square);
        for (a, b) in AXES {
            for d in [a, b] {
                out.extend(self.hammer.to.step(dim, d));
                out.extend(self.square.step(dim, d));
            }
        }
        out
    }
}

/// The squares of a move's line, both ends included.
pub(super) fn segment(mv: Move) -> Vec<Square> {
    let (f0, r0, f1, r1) = (mv.from.file(), mv.from.rank(), mv.to.file(), mv.to.rank());
    let mut out = Vec::new();
    if f0 == f1 {
        for r in r0.min(r1)..=r0.max(r1) {
            out.push(Square::new(f0, r));
        }
    } else {
        for f in f0.min(f1)..=f0.max(f1) {
            out.push(Square::new(f, r0));
        }
    }
    out
}

/// True if the piece on `mv.from` belongs to the side to move and may make `mv`.
pub(super) fn legal(t: &Tables, pos: &Position, mv: Move) -> bool {
    match pos.piece_at(mv.from) {
        Some(p) if p.side == pos.side_to_move() && pos.berserker().is_none() => pos
            .piece_moves(t, Mover::of(p), mv.from)
            .iter()
            .any(|m| m.to == mv.to),
        _ => false,
    }
}

/// The pieces of `side` other than the king that can move to `to` in one move in `pos`.
fn movers_to(t: &Tables, pos: &Position, side: Side, to: Square, not: &[Square]) -> Vec<Square> {
    let mut out = Vec::new();
    for s in pos.pieces(side).iter() {
        let Some(piece) = pos.piece_at(s) else {
            continue;
        };
        if piece.kind == PieceKind::King || not.contains(&s) {
            continue;
        }
        if s.file() != to.file() && s.rank() != to.rank() {
            continue;
        }
        if pos
            .piece_moves(t, Mover::of(piece), s)
            .iter()
            .any(|m| m.to == to)
        {
            out.push(s);
        }
    }
    out
}

/// The cheapest plan to capture a piece of `victim` of one of the `kinds` in the walk's
/// position, ties broken at random; `None` if none needs at most one move of each
/// piece.
fn find_plan(
    t: &Tables,
    pos: &Position,
    victim: Side,
    kinds: &[PieceKind],
    rng: &mut SplitMix64,
) -> Option<Plan> {
    let capturer = victim.opponent();
    let dim = t.dim();
    let mut best: Option<(usize, u64, Plan)> = None;
    for v in pos.pieces(victim).iter() {
        let Some(man) = pos.piece_at(v) else {
            continue;
        };
        if man.kind == PieceKind::King || !kinds.contains(&man.kind) {
            continue;
        }
        let mut spots = vec![(v, None)];
        spots.extend(
            pos.piece_moves(t, Mover::of(man), v)
                .iter()
                .map(|m| (m.to, Some(m))),
        );
        for (p1, vmove) in spots {
            let after_v = match vmove {
                Some(m) => match moved(t, pos, m) {
                    Some(p) => p,
                    None => continue,
                },
                None => pos.clone(),
            };
            for (a, b) in AXES {
                for (da, db) in [(a, b), (b, a)] {
                    let (Some(p0), Some(p2)) = (p1.step(dim, da), p1.step(dim, db)) else {
                        continue;
                    };
                    if after_v.piece_at(p2).is_some() {
                        continue;
                    }
                    let mut anvils: Vec<(Option<Move>, Position)> = Vec::new();
                    if after_v.hostile_to(t, victim, p0) {
                        anvils.push((None, after_v.clone()));
                    } else if after_v.piece_at(p0).is_none() {
                        for a in movers_to(t, &after_v, capturer, p0, &[])
                            .into_iter()
                            .take(3)
                        {
                            let m = Move { from: a, to: p0 };
                            if let Some(p) = moved(t, &after_v, m) {
                                anvils.push((Some(m), p));
                            }
                        }
                    }
                    for (amove, after_a) in anvils {
                        let not: Vec<Square> = amove.iter().map(|m| m.to).collect();
                        let hammers = movers_to(t, &after_a, capturer, p2, &not);
                        if let Some(&h) = hammers.first() {
                            let plan = Plan {
                                victim: vmove,
                                anvil: amove,
                                hammer: Move { from: h, to: p2 },
                                square: p1,
                            };
                            let key = (plan.cost(), rng.next_u64());
                            if best.as_ref().is_none_or(|(c, r, _)| key < (*c, *r)) {
                                best = Some((key.0, key.1, plan));
                            }
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, _, plan)| plan)
}

/// `pos` with the piece on `mv.from` moved, whichever side is to move, for looking
/// ahead; `None` if the move captures anything (a plan's preparing moves must not).
fn moved(t: &Tables, pos: &Position, mv: Move) -> Option<Position> {
    let mut p = pos.clone();
    if p.piece_at(mv.from).map(|piece| piece.side) != Some(p.side_to_move()) {
        p.null_move(t);
    }
    let (next, captured) = p.after(t, mv);
    captured.is_empty().then_some(next)
}

/// A random move of the side to move that captures nothing, keeps off `keep` and does
/// not move the pieces on `fixed`; played if found.
pub(super) fn wait(
    walk: &mut Walk,
    keep: &[Square],
    fixed: &[Square],
    rng: &mut SplitMix64,
) -> bool {
    let mut moves = walk.pos().legal_moves(walk.t);
    shuffle(&mut moves, rng);
    for mv in moves {
        if fixed.contains(&mv.from) || segment(mv).iter().skip(1).any(|s| keep.contains(s)) {
            continue;
        }
        if Some(mv.from) == walk.pos().king() {
            continue;
        }
        if walk.try_play(mv, &[]) {
            return true;
        }
        if walk.exhausted() {
            return false;
        }
    }
    false
}

/// Fisher-Yates with the seeded generator.
pub(super) fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i + 1);
        items.swap(i, j);
    }
}

/// Plays a plan; false (the walk left where it failed) if a move turns out illegal or
/// captures something else.
fn execute(walk: &mut Walk, plan: &Plan, victim: Side, rng: &mut SplitMix64) -> bool {
    let keep = plan.keep_clear(walk.t.dim());
    let mut vmove = plan.victim;
    let mut amove = plan.anvil;
    let fixed: Vec<Square> = [
        plan.victim.map(|m| m.from),
        plan.anvil.map(|m| m.from),
        Some(plan.hammer.from),
        Some(plan.square),
        plan.anvil.map(|m| m.to),
    ]
    .into_iter()
    .flatten()
    .collect();
    for _ in 0..12 {
        let side = walk.pos().side_to_move();
        let mine = if side == victim {
            &mut vmove
        } else {
            &mut amove
        };
        if let Some(mv) = *mine {
            if !legal(walk.t, walk.pos(), mv) || !walk.try_play(mv, &[]) {
                return false;
            }
            *mine = None;
            continue;
        }
        if side != victim && vmove.is_none() {
            let mv = plan.hammer;
            return legal(walk.t, walk.pos(), mv) && walk.try_play(mv, &[plan.square]);
        }
        if !wait(walk, &keep, &fixed, rng) {
            return false;
        }
    }
    false
}

/// How many pieces of `side` and `kind` stand in `pos`.
fn count_kind(pos: &Position, side: Side, kind: PieceKind) -> usize {
    pos.pieces(side)
        .iter()
        .filter(|&s| pos.piece_at(s).is_some_and(|p| p.kind == kind))
        .count()
}

/// The kinds of `side` of which `pos` holds more than `target`.
fn surplus(pos: &Position, target: &Position, side: Side) -> Vec<PieceKind> {
    [PieceKind::Taflman, PieceKind::Commander, PieceKind::Knight]
        .into_iter()
        .filter(|&k| count_kind(pos, side, k) > count_kind(target, side, k))
        .collect()
}

/// Captures pieces until each side has no more of each kind than the target: the
/// attackers' surplus first (while the defenders are many), then the defenders'.
pub(super) fn capture_surplus(walk: &mut Walk, target: &Position, rng: &mut SplitMix64) -> bool {
    for victim in [Side::Attackers, Side::Defenders] {
        loop {
            let kinds = surplus(walk.pos(), target, victim);
            if kinds.is_empty() {
                break;
            }
            if !capture_one(walk, victim, &kinds, rng) {
                return false;
            }
        }
    }
    true
}

/// Captures one piece of `victim` of one of the `kinds`, shuffling pieces at random
/// while no plan is found.
fn capture_one(walk: &mut Walk, victim: Side, kinds: &[PieceKind], rng: &mut SplitMix64) -> bool {
    for _ in 0..40 {
        if walk.exhausted() {
            return false;
        }
        let mark = walk.mark();
        if let Some(plan) = find_plan(walk.t, walk.pos(), victim, kinds, rng) {
            if execute(walk, &plan, victim, rng) {
                return true;
            }
            walk.rewind(mark);
        }
        if !wait(walk, &[], &[], rng) {
            return false;
        }
    }
    false
}
