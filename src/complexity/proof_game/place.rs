//! The second stage: with the material of the target on the board, move every piece
//! onto a target square of its kind. A greedy walk: the side to move scores each of its
//! legal moves (a piece onto a free target square whose order constraints hold; onto a
//! line that reaches one; leaving a target square as a waiting move, for the side that
//! is done) and plays the best one the engine accepts: capturing nothing, ending
//! nothing, repeating nothing a third time. Pieces of a kind are interchangeable, so
//! which piece goes where is decided as they arrive.

use super::capture::{legal, segment};
use super::target::TargetMap;
use super::walk::Walk;
use crate::board::{Piece, Side};
use crate::moves::{Move, Position, Square};
use crate::rng::SplitMix64;

/// Misplaced pieces of `side` in `pos`: on no target square of their kind.
fn misplaced(map: &TargetMap, pos: &Position, side: Side) -> usize {
    pos.pieces(side)
        .iter()
        .filter(|&s| !map.placed(pos, s))
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

/// True if nothing stands strictly between `a` and `b` (on one line) in `pos`, the
/// square `gone` counted empty and `now` counted full.
fn clear_between(pos: &Position, a: Square, b: Square, gone: Square, now: Square) -> bool {
    let mv = Move { from: a, to: b };
    let seg = segment(mv);
    seg[1..seg.len() - 1]
        .iter()
        .all(|&s| s != now && (s == gone || pos.piece_at(s).is_none()))
}

/// How good a move is for the placement, higher better; `None` for a move that puts a
/// piece on its target square before the pieces that must come first.
fn score(map: &TargetMap, pos: &Position, mv: Move, frees: &[Vec<Square>; 3]) -> Option<i32> {
    let piece = pos.piece_at(mv.from)?;
    let frees = &frees[kind_index(piece)];
    let was_placed = map.want[mv.from.index()] == Some(piece);
    let mut s = 0;
    if map.want[mv.to.index()] == Some(piece) {
        if !map.ready(pos, mv.to) {
            return None;
        }
        s += 100;
    } else {
        let aligned = frees
            .iter()
            .filter(|&&e| e != mv.to && (e.file() == mv.to.file() || e.rank() == mv.to.rank()));
        let mut best = 0;
        for &e in aligned {
            let empty = pos.piece_at(e).is_none() || e == mv.from;
            let open = empty && clear_between(pos, mv.to, e, mv.from, mv.to);
            best = best.max(if open { 40 } else { 15 });
        }
        s += best;
        if map.want[mv.to.index()].is_some() {
            s -= 20;
        }
        if !was_placed {
            let there = frees.iter().any(|&e| {
                (e.file() == mv.from.file() || e.rank() == mv.from.rank())
                    && pos.piece_at(e).is_none()
                    && clear_between(pos, mv.from, e, mv.from, mv.from)
            });
            if there {
                s -= 30;
            }
        }
    }
    if was_placed {
        s -= 80;
        if map.is_before[mv.from.index()] {
            s -= 30;
        }
    } else if map.want[mv.from.index()].is_some() {
        s += 20;
    }
    Some(s)
}

/// 0 attackers, 1 defenders, 2 the king.
fn kind_index(piece: Piece) -> usize {
    if piece.kind == crate::board::PieceKind::King {
        2
    } else {
        piece.side as usize
    }
}

/// Pieces the target wants: attacker and defender taflmen, and the king.
const KINDS: [Piece; 3] = [Piece::ATTACKER, Piece::DEFENDER, Piece::KING];

/// Plays the greedy walk until the target is reached; false if it gets stuck.
pub(super) fn place(
    walk: &mut Walk,
    map: &TargetMap,
    rng: &mut SplitMix64,
    max_plies: usize,
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
        let frees: [Vec<Square>; 3] = KINDS.map(|k| free_targets(map, &pos, k));
        let mut scored: Vec<(i32, Move)> = pos
            .legal_moves(walk.t)
            .into_iter()
            .filter_map(|mv| score(map, &pos, mv, &frees).map(|s| (s + rng.below(12) as i32, mv)))
            .collect();
        scored.sort_unstable_by(|a, b| b.0.cmp(&a.0));
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
    let frees: [Vec<Square>; 3] = KINDS.map(|k| free_targets(map, &passed, k));
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
        for d in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
            let (Some(b), Some(c)) = (
                super::target::step(t.dim(), a, d),
                super::target::step(t.dim(), a, (2 * d.0, 2 * d.1)),
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
    moves.sort_by_key(|mv| map.is_before[mv.from.index()]);
    moves.into_iter().find(|mv| {
        !segment(*mv).iter().any(|s| line.contains(s)) && {
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
