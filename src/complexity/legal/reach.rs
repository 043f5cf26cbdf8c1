//! The squares each piece type can ever stand on: its start squares, closed under the
//! moves the engine lets a lone piece of that type make on an otherwise empty board.
//! A sliding piece never gets further than that (a slide among other pieces stops
//! sooner; an empty board leaves every square open, the throne included), so a piece
//! found anywhere else proves the position unreachable: condition (d) of
//! docs/legal-positions.md. It bites where re-entry rules close squares to all but the
//! pieces that start on them (foteviken-tablut's fortresses).

use crate::board::{Layout, Piece, PieceKind, Square};
use crate::moves::{Mover, Position, SquareSet, Tables};
use crate::rules::Jump;

/// Per piece type of the start, the squares a piece of that type can ever reach;
/// types that jump (or change sides) get no set and are never judged.
#[derive(Clone, Debug)]
pub struct Reach {
    /// `(type, squares)` for every judged type of the start.
    by_type: Vec<(Piece, SquareSet)>,
}

impl Reach {
    /// The reachable squares of every non-jumping type in `tables`' start position.
    pub fn new(tables: &Tables) -> Reach {
        let start = tables.rules().start();
        let dim = tables.dim();
        let mut types: Vec<Piece> = start.pieces().map(|(_, p)| p).collect();
        types.sort_by_key(|p| p.type_index());
        types.dedup();
        // A mercenary changes sides when captured: it appears where the other side's
        // types never went, so no type is judged in such a variant.
        if types.iter().any(|p| p.kind == PieceKind::Mercenary) {
            return Reach {
                by_type: Vec::new(),
            };
        }
        let by_type = types
            .into_iter()
            .filter(|&p| tables.rules().jump_of(p.kind) == Jump::None)
            .map(|piece| {
                let mut reached = SquareSet::EMPTY;
                let mut frontier: Vec<Square> = start
                    .pieces()
                    .filter(|&(_, p)| p == piece)
                    .map(|(s, _)| s)
                    .collect();
                for &s in &frontier {
                    reached.insert(s);
                }
                while let Some(from) = frontier.pop() {
                    let mut alone = Layout::empty(dim);
                    alone.set(from, Some(piece));
                    let Ok(pos) = Position::from_layout(tables, &alone, piece.side) else {
                        continue;
                    };
                    for mv in pos.piece_moves(tables, Mover::of(piece), from).iter() {
                        if !reached.contains(mv.to) {
                            reached.insert(mv.to);
                            frontier.push(mv.to);
                        }
                    }
                }
                (piece, reached)
            })
            .collect();
        Reach { by_type }
    }

    /// True if `piece` could ever stand on `square` (always true for a type not
    /// judged).
    pub fn may_reach(&self, piece: Piece, square: Square) -> bool {
        self.by_type
            .iter()
            .find(|(p, _)| *p == piece)
            .is_none_or(|(_, set)| set.contains(square))
    }

    /// True if every piece of `layout` stands where its type can reach.
    pub fn holds(&self, layout: &Layout) -> bool {
        layout.pieces().all(|(s, p)| self.may_reach(p, s))
    }

    /// The squares type `piece` can reach, if that type is judged.
    pub fn squares(&self, piece: Piece) -> Option<SquareSet> {
        self.by_type
            .iter()
            .find(|(p, _)| *p == piece)
            .map(|(_, set)| *set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::complexity::{ComplexitySpec, StandMask};
    use crate::game::Game;

    fn square(name: &str) -> Square {
        let file = (name.as_bytes()[0] - b'a') as usize;
        let rank = name[1..].parse::<usize>().unwrap() - 1;
        Square::new(file, rank)
    }

    /// Foteviken's fortresses (`afor`, re-entry for none): only the attackers that
    /// start there ever stand there; everywhere else open to a kind stays reachable.
    #[test]
    fn foteviken_fortresses_are_the_attackers_alone() {
        let game = Game::named("foteviken-tablut").unwrap();
        let reach = Reach::new(&game.tables);
        let forts = "a4 a5 a6 b5 d1 e1 f1 e2 i4 i5 i6 h5 d9 e9 f9 e8";
        let attackers = reach.squares(Piece::ATTACKER).unwrap();
        let defenders = reach.squares(Piece::DEFENDER).unwrap();
        let king = reach.squares(Piece::KING).unwrap();
        for name in forts.split(' ') {
            assert!(attackers.contains(square(name)), "{name}");
            assert!(!defenders.contains(square(name)), "{name}");
            assert!(!king.contains(square(name)), "{name}");
        }
        // 81 squares: the defenders miss the 16 forts and the throne (`cens:`).
        assert_eq!(defenders.count(), 81 - 16 - 1);
        assert!(king.contains(square("e5")) && king.contains(square("a1")));
        assert!(!reach.may_reach(Piece::DEFENDER, square("e2")));
        assert!(reach.may_reach(Piece::DEFENDER, square("e3")));
    }

    /// Where no re-entry rule closes a square, the reach is exactly where the kind may
    /// stand as the counting code reads the rules (computed the other way round: from
    /// the stop masks, not from moves).
    #[test]
    fn without_reentry_rules_reach_is_where_a_kind_may_stand() {
        for name in ["brandub", "tablut", "copenhagen", "sea-battle-9"] {
            let game = Game::named(name).unwrap();
            let reach = Reach::new(&game.tables);
            let spec = ComplexitySpec::from_rules(game.tables.rules()).unwrap();
            let dim = spec.dim();
            for (piece, kind) in [
                (Piece::ATTACKER, StandMask::ATTACKER),
                (Piece::DEFENDER, StandMask::DEFENDER),
                (Piece::KING, StandMask::KING),
            ] {
                for (i, mask) in spec.may_stand_by_index().iter().enumerate() {
                    let s = Square::from_dense(i, dim);
                    assert_eq!(
                        reach.may_reach(piece, s),
                        mask.contains(kind),
                        "{name} {piece:?} {}{}",
                        (b'a' + s.file() as u8) as char,
                        s.rank() + 1
                    );
                }
            }
        }
    }
}
