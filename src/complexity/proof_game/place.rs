//! The second stage: with the material of the target on the board, move every piece
//! onto a target square of its kind. A greedy walk: the side to move scores each of its
//! legal moves (a piece onto a free target square whose order constraints hold; onto a
//! line that reaches one; leaving a target square as a waiting move, for the side that
//! is done) and plays the best one the engine accepts: capturing nothing, ending
//! nothing, repeating nothing a third time. Pieces of a kind are interchangeable, so
//! which piece goes where is decided as they arrive.

use super::capture::{legal, segment};
use super::target::{kind_index, TargetMap, FAR, KINDS, KIND_COUNT};
use super::walk::Walk;
use crate::board::{Direction, Piece, Side};
use crate::moves::{Move, Position, Square};
use crate::rng::SplitMix64;

/// True if the piece on `s` is where the target wants it and every piece that must
/// arrive before it stands: it may stay. A piece on its square too early (one that
/// never moved, say) must leave and come back later.
fn settled(map: &TargetMap, pos: &Position, s: Square) -> bool {
    map.placed(pos, s) && map.ready(pos, s)
}

/// True if a piece other than the king is not settled.
fn others_unsettled(map: &TargetMap, pos: &Position) -> bool {
    Side::BOTH.iter().any(|&side| {
        pos.pieces(side)
            .iter()
            .any(|s| Some(s) != pos.king() && !settled(map, pos, s))
    }) || map.squares.iter().any(|&s| {
        Some(s) != pos.king()
            && map.want[s.index()] != Some(crate::board::Piece::KING)
            && !settled(map, pos, s)
    })
}

/// Pieces of `side` in `pos` that are not settled.
fn misplaced(map: &TargetMap, pos: &Position, side: Side) -> usize {
    pos.pieces(side)
        .iter()
        .filter(|&s| !settled(map, pos, s))
        .count()
}

/// The free target squares for `piece`: wanted for it, not holding it.
fn free_targets(map: &TargetMap, pos: &Position, piece: Piece) -> Vec<Square> {
    map.squares
        .iter()
        .copied()
        .filter(|&s| map.want[s.index()] == Some(piece) && pos.piece_at(s) != Some(piece))
        .collect()
}

/// How good a move is for the placement, higher better; `None` for a move that puts a
/// piece on its target square before the pieces that must come first. `dists` holds,
/// per kind, the moves from each square to a free target square of the kind.
fn score(
    map: &TargetMap,
    pos: &Position,
    mv: Move,
    dists: &[Vec<u8>; KIND_COUNT],
    openers: &[bool],
) -> Option<i32> {
    let piece = pos.piece_at(mv.from)?;
    let k = kind_index(piece);
    let was_placed = settled(map, pos, mv.from);
    let mut s = 0;
    let sealing = seals(map, pos, mv);
    if map.want[mv.to.index()] == Some(piece) {
        if !map.ready(pos, mv.to) || sealing {
            return None;
        }
        s += 100;
    } else {
        if sealing {
            s -= 40;
        }
        if !was_placed {
            let weight = |d: u8| if d == FAR { 10 } else { d.min(6) as i32 };
            s += 30 * (weight(dists[k][mv.from.index()]) - weight(dists[k][mv.to.index()]));
        }
        if map.want[mv.to.index()].is_some() {
            s -= 20;
        }
        if exposed(map, pos, piece, mv) {
            s -= 50;
        }
    }
    if was_placed {
        if map.holds_later(pos, mv.from) {
            return None;
        }
        s -= 80;
        if !map.after[mv.from.index()].is_empty() {
            s -= 30;
        }
    } else if map.want[mv.from.index()].is_some() {
        // Leaving a square another kind needs, or its own square too early.
        s += if map.placed(pos, mv.from) { 40 } else { 20 };
    }
    if openers[mv.from.index()] {
        s += 60;
    }
    Some(s)
}

/// True if the move fills the last empty neighbour of a target square still to be
/// filled: a piece arrives through a neighbour, so that square could not be filled
/// while the neighbours stand.
fn seals(map: &TargetMap, pos: &Position, mv: Move) -> bool {
    let around = |s: Square| {
        Direction::ALL
            .into_iter()
            .filter_map(move |d| s.step(map.dim, d))
    };
    around(mv.to).any(|s| {
        s != mv.from
            && map.want[s.index()].is_some()
            && pos.piece_at(s) != map.want[s.index()]
            && around(s).all(|n| n == mv.to || (n != mv.from && pos.piece_at(n).is_some()))
    })
}

/// True if the piece, moved to `mv.to`, would stand between squares from which enemy
/// pieces still to be placed would capture it: between a free enemy target square and
/// something hostile, or two free enemy target squares. The enemy could not place them
/// while it stays.
fn exposed(map: &TargetMap, pos: &Position, piece: Piece, mv: Move) -> bool {
    let enemy = piece.side.opponent();
    let free_enemy = |q: Square| {
        q != mv.from
            && pos.piece_at(q).is_none()
            && map.want[q.index()].is_some_and(|p| p.side == enemy)
    };
    let hostile = |q: Square| {
        q != mv.from
            && pos
                .piece_at(q)
                .is_some_and(|p| p.side == enemy && p.kind != crate::board::PieceKind::King)
    };
    super::target::AXES.iter().any(|&(a, b)| {
        match (mv.to.step(map.dim, a), mv.to.step(map.dim, b)) {
            (Some(x), Some(y)) => {
                (free_enemy(x) && (hostile(y) || free_enemy(y))) || (free_enemy(y) && hostile(x))
            }
            _ => false,
        }
    })
}

/// The squares of `side`'s pieces that wall in a misplaced piece of the side that can
/// reach no free target square: the pieces next to the empty region it can slide in.
/// Moving one of them away opens the region.
fn openers(
    map: &TargetMap,
    pos: &Position,
    side: Side,
    dists: &[Vec<u8>; KIND_COUNT],
) -> Vec<bool> {
    let mut open = vec![false; Square::INDICES];
    let mut seen = vec![false; Square::INDICES];
    for m in pos.pieces(side).iter() {
        let Some(piece) = pos.piece_at(m) else {
            continue;
        };
        let k = kind_index(piece);
        if map.placed(pos, m) || dists[k].is_empty() || dists[k][m.index()] != FAR {
            continue;
        }
        // Flood the empty squares the piece can reach.
        let mut stack = vec![m];
        seen[m.index()] = true;
        while let Some(x) = stack.pop() {
            for d in Direction::ALL {
                let Some(y) = x.step(map.dim, d) else {
                    continue;
                };
                if seen[y.index()] {
                    continue;
                }
                match pos.piece_at(y) {
                    Some(p) if p.side == side && y != m => open[y.index()] = true,
                    Some(_) => {}
                    None if map.pass[k][y.index()] => {
                        seen[y.index()] = true;
                        stack.push(y);
                    }
                    None => {}
                }
            }
        }
    }
    open
}

/// Plays the greedy walk until the target is reached; false if it gets stuck.
///
/// With `king_waits`, the king stays where he is until every other piece is settled:
/// a throne that is hostile only while empty then stays harmless while they arrive.
pub(super) fn place(
    walk: &mut Walk,
    map: &TargetMap,
    rng: &mut SplitMix64,
    max_plies: usize,
    king_waits: bool,
) -> bool {
    let start = walk.mark();
    while walk.mark() - start < max_plies {
        if walk.done() {
            return true;
        }
        if walk.exhausted() {
            return false;
        }
        let pos = walk.pos().clone();
        let side = pos.side_to_move();
        let other = side.opponent();
        let mine = misplaced(map, &pos, side);
        let theirs = misplaced(map, &pos, other);
        if mine == 0 && theirs <= 1 && tempo_needed(walk, map, theirs) {
            if tempo(walk, map, rng) {
                continue;
            }
            return false;
        }
        let dists: [Vec<u8>; KIND_COUNT] = std::array::from_fn(|k| {
            if KINDS[k].side == side {
                map.distances(&pos, k)
            } else {
                Vec::new()
            }
        });
        let openers = openers(map, &pos, side, &dists);
        let mut scored: Vec<(i32, Move)> = pos
            .legal_moves(walk.t)
            .into_iter()
            .filter_map(|mv| {
                if king_waits && Some(mv.from) == pos.king() && others_unsettled(map, &pos) {
                    return None;
                }
                score(map, &pos, mv, &dists, &openers).map(|s| (s + rng.below(12) as i32, mv))
            })
            .collect();
        scored.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        let mut played = false;
        for (_, mv) in scored.into_iter().take(40) {
            if walk.try_play(mv, &[]) {
                played = true;
                break;
            }
        }
        if !played {
            return false;
        }
    }
    walk.done()
}

/// True if the side to move must lose a tempo: every piece placed and the board the
/// target's but for the side to move, or the other side's last piece one move from a
/// square it can only enter as the last move of the game.
fn tempo_needed(walk: &Walk, map: &TargetMap, theirs: usize) -> bool {
    let pos = walk.pos();
    if theirs == 0 {
        return pos.side_to_move() != walk.target.side_to_move();
    }
    // The other side's last move: would it end the game (so nothing may follow)?
    let mut passed = pos.clone();
    passed.null_move(walk.t);
    let frees: [Vec<Square>; KIND_COUNT] = KINDS.map(|k| free_targets(map, &passed, k));
    passed
        .legal_moves(walk.t)
        .into_iter()
        .filter(|mv| {
            passed.piece_at(mv.from).is_some_and(|p| {
                map.want[mv.to.index()] == Some(p) && frees[kind_index(p)].contains(&mv.to)
            })
        })
        .any(|mv| {
            let next = passed.after(walk.t, mv).0;
            next.is_over(walk.t)
        })
}

/// Loses a tempo without changing the board: the side to move walks a piece round a
/// triangle on one line (out two squares, back one, back one) while the other side
/// steps a piece out and back.
fn tempo(walk: &mut Walk, map: &TargetMap, rng: &mut SplitMix64) -> bool {
    let t = walk.t;
    let pos = walk.pos().clone();
    let side = pos.side_to_move();
    let mut triangles = Vec::new();
    for a in pos.pieces(side).iter() {
        for d in Direction::ALL {
            let (Some(b), Some(c)) = (
                a.step(t.dim(), d),
                a.step(t.dim(), d).and_then(|b| b.step(t.dim(), d)),
            ) else {
                continue;
            };
            if pos.piece_at(b).is_none() && pos.piece_at(c).is_none() {
                triangles.push([
                    Move { from: a, to: c },
                    Move { from: c, to: b },
                    Move { from: b, to: a },
                ]);
            }
        }
    }
    super::capture::shuffle(&mut triangles, rng);
    let mark = walk.mark();
    for tri in triangles.into_iter().take(12) {
        if walk.exhausted() {
            return false;
        }
        if !(legal(t, walk.pos(), tri[0]) && walk.try_play(tri[0], &[])) {
            continue;
        }
        let mut ok = true;
        let mut back: Option<Move> = None;
        for step in 1..5 {
            if step % 2 == 1 {
                // The other side: out, then back.
                let mv = match back.take() {
                    Some(mv) => mv,
                    None => match out_move(walk, map, &tri, rng) {
                        Some(mv) => {
                            back = Some(Move {
                                from: mv.to,
                                to: mv.from,
                            });
                            mv
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    },
                };
                if !(legal(t, walk.pos(), mv) && walk.try_play(mv, &[])) {
                    ok = false;
                    break;
                }
            } else {
                let mv = tri[step / 2];
                if !(legal(t, walk.pos(), mv) && walk.try_play(mv, &[])) {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            return true;
        }
        walk.rewind(mark);
    }
    false
}

/// A move of the side to move, off the triangle's line, that can be taken back.
fn out_move(
    walk: &mut Walk,
    map: &TargetMap,
    tri: &[Move; 3],
    rng: &mut SplitMix64,
) -> Option<Move> {
    let line = segment(tri[0]);
    let pos = walk.pos().clone();
    let mut moves = pos.legal_moves(walk.t);
    super::capture::shuffle(&mut moves, rng);
    moves.sort_by_key(|mv| !map.after[mv.from.index()].is_empty());
    moves.into_iter().find(|mv| {
        !map.holds_later(&pos, mv.from) && !segment(*mv).iter().any(|s| line.contains(s)) && {
            let (next, captured) = pos.after(walk.t, *mv);
            captured.is_empty()
                && !next.is_over(walk.t)
                && next
                    .piece_moves(
                        walk.t,
                        crate::moves::Mover::of(next.piece_at(mv.to).expect("moved")),
                        mv.to,
                    )
                    .iter()
                    .any(|m| m.to == mv.from)
        }
    })
}
