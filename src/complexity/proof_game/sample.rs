//! Test targets for the search until the sampler of issue 26 is there: a random king
//! square, random material (each material class drawn with a weight about proportional
//! to its number of placements, as a uniform superset sample would), random squares where
//! each kind may stand and a random side to move; positions in which the side not to
//! move cannot have made the last move are thrown away.

use crate::board::{Layout, Piece, Side};
use crate::complexity::{ComplexitySpec, StandMask};
use crate::moves::{Position, Square, Tables};
use crate::rng::SplitMix64;

/// A random target of the variant, or `None` when the one drawn is thrown away
/// because its side not to move has no possible last move ([`last_move_possible`]).
pub fn random_target(
    tables: &Tables,
    spec: &ComplexitySpec,
    rng: &mut SplitMix64,
) -> Option<Position> {
    let dim = tables.dim();
    let squares: Vec<(usize, usize)> = (0..dim)
        .flat_map(|r| (0..dim).map(move |f| (f, r)))
        .collect();
    let kings: Vec<_> = squares
        .iter()
        .filter(|&&(f, r)| spec.may_stand(f, r).contains(StandMask::KING))
        .collect();
    let &&(kf, kr) = kings.get(rng.below(kings.len()))?;
    let open = |mask: StandMask| {
        squares
            .iter()
            .filter(|&&(f, r)| (f, r) != (kf, kr) && spec.may_stand(f, r).contains(mask))
            .count()
    };
    let (na, nd) = (open(StandMask::ATTACKER), open(StandMask::DEFENDER));
    // Weights of the material classes: C(na, a) C(nd - a, d), in logarithms.
    let ln_choose = |n: usize, k: usize| -> f64 {
        if k > n {
            f64::NEG_INFINITY
        } else {
            (1..=k).map(|i| ((n - k + i) as f64 / i as f64).ln()).sum()
        }
    };
    let mut classes = Vec::new();
    for a in 0..=spec.attackers() {
        for d in 0..=spec.defenders() {
            let w = ln_choose(na, a) + ln_choose(nd.saturating_sub(a), d);
            if w.is_finite() {
                classes.push((a, d, w));
            }
        }
    }
    let top = classes
        .iter()
        .map(|c| c.2)
        .fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = classes.iter().map(|c| (c.2 - top).exp()).sum();
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut pick = (spec.attackers(), spec.defenders());
    for &(a, d, w) in &classes {
        x -= (w - top).exp();
        if x <= 0.0 {
            pick = (a, d);
            break;
        }
    }
    let mut layout = Layout::empty(dim);
    layout.set(Square::new(kf, kr), Some(Piece::KING));
    for (count, mask, piece) in [
        (pick.0, StandMask::ATTACKER, Piece::ATTACKER),
        (pick.1, StandMask::DEFENDER, Piece::DEFENDER),
    ] {
        let mut free: Vec<Square> = squares
            .iter()
            .filter(|&&(f, r)| spec.may_stand(f, r).contains(mask))
            .map(|&(f, r)| Square::new(f, r))
            .filter(|&s| layout.get(s).is_none())
            .collect();
        if free.len() < count {
            return None;
        }
        for i in 0..count {
            let j = i + rng.below(free.len() - i);
            free.swap(i, j);
            layout.set(free[i], Some(piece));
        }
    }
    let side = if rng.below(2) == 0 {
        Side::Attackers
    } else {
        Side::Defenders
    };
    let pos = Position::from_layout(tables, &layout, side).ok()?;
    last_move_possible(tables, &pos).then_some(pos)
}

/// True if the side not to move has a piece that can have made the last move: it
/// came along a line from an empty square where it may stand, the position before was
/// not over, and its arrival captures nothing (what it captured would be gone). Not a
/// proven condition of legality, a filter of obviously broken test targets.
pub fn last_move_possible(tables: &Tables, pos: &Position) -> bool {
    let mover = pos.side_to_move().opponent();
    let dim = tables.dim();
    let layout = pos.layout(tables);
    for x in pos.pieces(mover).iter() {
        let piece = pos.piece_at(x).expect("a piece");
        for (df, dr) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
            let (mut f, mut r) = (x.file() as isize, x.rank() as isize);
            loop {
                f += df;
                r += dr;
                if f < 0 || r < 0 || f >= dim as isize || r >= dim as isize {
                    break;
                }
                let from = Square::new(f as usize, r as usize);
                if layout.get(from).is_some() {
                    break;
                }
                let mut before = layout.clone();
                before.set(from, Some(piece));
                before.set(x, None);
                let Ok(prev) = Position::from_layout(tables, &before, mover) else {
                    continue;
                };
                let mv = crate::moves::Move { from, to: x };
                if prev.ended_before_moving(tables) || !super::capture::legal(tables, &prev, mv) {
                    continue;
                }
                let (next, captured) = prev.after(tables, mv);
                if captured.is_empty() && next == *pos {
                    return true;
                }
            }
        }
    }
    false
}
