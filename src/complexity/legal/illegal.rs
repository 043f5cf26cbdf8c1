//! Necessary conditions for a position to be reachable, each proven in
//! docs/legal-positions.md: a position that fails one is illegal (unreachable from the
//! start by legal moves). They hold for variants whose pieces are kings, taflmen,
//! commanders and knights, jumping or not, with or without berserk (the superset places
//! no other pieces); positions are taken with no berserk continuation pending.
//!
//! (a) *A last move.* The side not to move made the last single move (the start
//! excepted): some piece of it slid to its square `t` from an empty square `o` on its
//! line, over empty squares, or jumped there from `o` two squares away over an enemy
//! piece it may jump (still there, or captured and gone), a move the engine allows from
//! `o`. A candidate is ruled out when that
//! move certainly captures a piece still standing: an enemy taflman next to `t`, with
//! beyond it a piece of the mover's side that serves as an anvil, and a mover that
//! serves as a hammer. The engine's custodial capture takes that piece whatever else
//! stood on the board, so it cannot still be there.
//!
//! (b) *Not over before.* The position before the last move was not a finished game:
//! a candidate whose predecessor has the king on an escape square is ruled out (the
//! engine's first end tests: escape ends the game before any move).
//!
//! (c) *An order of arrival.* A piece that stands between two things hostile to it
//! arrived after the enemy pieces among them (whichever came later would have captured
//! it; strictly, unless all stand where they started); when these constraints go
//! round in a circle through a strict one, no order of arrival exists
//! ([`arrival_order_conflict`], proven in docs/proof-games.md, "Order conflicts").
//!
//! (d) *A square its type can reach.* Every piece stands where a lone piece of its
//! type could get from its start squares ([`Reach`]); checked first, for every variant.

use super::reach::Reach;
use crate::board::{Direction, Layout, Piece, PieceKind, Side, Square};
use crate::complexity::proof_game::arrival_order_cycle;
use crate::complexity::StandMask;
use crate::moves::{Mover, Position, SquareSet, Tables};
use crate::rules::Jump;

/// Why a position is proven unreachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IllegalReason {
    /// No piece of the side not to move could have made the last move: none has an
    /// empty square on its line from which the engine lets it arrive.
    NoLastMove,
    /// Every move that could have been the last captures a piece still on the board.
    LastMoveCaptures,
    /// Every move that could have been the last starts from a finished game (the king
    /// already on an escape square).
    GameOverBefore,
    /// The pieces' sandwiches ask for an order of arrival that goes round in a circle.
    ArrivalOrder,
    /// A piece stands where no piece of its type can ever arrive.
    UnreachableSquare,
}

impl IllegalReason {
    /// The stable key in reports and JSON.
    pub fn key(self) -> &'static str {
        match self {
            IllegalReason::NoLastMove => "no_last_move",
            IllegalReason::LastMoveCaptures => "last_move_captures",
            IllegalReason::GameOverBefore => "game_over_before",
            IllegalReason::ArrivalOrder => "arrival_order",
            IllegalReason::UnreachableSquare => "unreachable_square",
        }
    }

    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            IllegalReason::NoLastMove => {
                "no piece of the side not to move can have made the last move"
            }
            IllegalReason::LastMoveCaptures => {
                "every possible last move captures a piece still standing"
            }
            IllegalReason::GameOverBefore => "every possible last move starts from a finished game",
            IllegalReason::ArrivalOrder => {
                "its sandwiched pieces need an order of arrival that goes round in a circle"
            }
            IllegalReason::UnreachableSquare => {
                "a piece stands where no piece of its type can ever arrive"
            }
        }
    }

    /// Every reason, in order.
    pub const ALL: [IllegalReason; 5] = [
        IllegalReason::NoLastMove,
        IllegalReason::LastMoveCaptures,
        IllegalReason::GameOverBefore,
        IllegalReason::ArrivalOrder,
        IllegalReason::UnreachableSquare,
    ];
}

impl std::fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe())
    }
}

impl From<Option<IllegalReason>> for crate::render::document::IllegalVerdict {
    /// `show --illegal`'s verdict: the condition that fails, if one does.
    fn from(found: Option<IllegalReason>) -> Self {
        crate::render::document::IllegalVerdict {
            illegal: found.is_some(),
            reason: found.map_or(String::new(), |r| r.key().to_string()),
            condition: found.map_or(String::new(), |r| r.describe().to_string()),
        }
    }
}

/// A proof that a position is unreachable: the condition it fails and the squares that
/// show it, for a reader to check on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Illegality {
    /// The condition failed.
    pub reason: IllegalReason,
    /// The squares the argument turns on, per reason:
    /// - `no_last_move`: every piece of the side not to move (none can have moved);
    /// - `last_move_captures` and `game_over_before`: for each possible last move, what
    ///   rules it out: the mover on its square, the enemy taflman its arrival certainly
    ///   captures and the anvil beyond; or the escape square the king stood on before it
    ///   (both kinds when the candidates fail differently);
    /// - `arrival_order`: the pieces of one circle of sandwiches, each of which arrived
    ///   after the next;
    /// - `unreachable_square`: every piece standing where its type can never arrive.
    pub squares: SquareSet,
}

/// The conditions for one variant, compiled once.
#[derive(Clone)]
pub struct IllegalCheck<'t> {
    tables: &'t Tables,
    start: Position,
    /// Per square `rank * dim + file`, the kinds that may stand there.
    may_stand: Vec<StandMask>,
    /// Where each piece type can ever stand (condition (d)).
    reach: Reach,
}

impl<'t> IllegalCheck<'t> {
    /// The conditions under `tables`, with `may_stand` the kinds that may stand on each
    /// square (from [`ComplexitySpec::from_rules`](crate::complexity::ComplexitySpec::from_rules)).
    pub fn new(tables: &'t Tables, may_stand: Vec<StandMask>) -> IllegalCheck<'t> {
        IllegalCheck {
            tables,
            start: Position::start(tables),
            may_stand,
            reach: Reach::new(tables),
        }
    }

    /// The first condition `pos` fails, or `None` when it passes all (which proves
    /// nothing). `pos` must hold only kings, taflmen, commanders and knights and have
    /// no berserk continuation pending.
    pub fn check(&self, pos: &Position) -> Option<IllegalReason> {
        self.explain(pos).map(|found| found.reason)
    }

    /// [`IllegalCheck::check`] with the squares that show the condition failed.
    pub fn explain(&self, pos: &Position) -> Option<Illegality> {
        if *pos == self.start {
            return None;
        }
        let t = self.tables;
        let mover_side = pos.side_to_move().opponent();
        let layout = pos.layout(t);
        let escape = |s: Square| t.escape_squares().contains(s);
        let king_square = pos.king();
        let stray: Vec<Square> = layout
            .pieces()
            .filter(|&(s, p)| !self.reach.may_reach(p, s))
            .map(|(s, _)| s)
            .collect();
        if !stray.is_empty() {
            return Some(Illegality {
                reason: IllegalReason::UnreachableSquare,
                squares: stray.into_iter().collect(),
            });
        }
        let mut reason = IllegalReason::NoLastMove;
        let mut shown = SquareSet::EMPTY;
        for (to, piece) in layout.pieces().filter(|(_, p)| p.side == mover_side) {
            for (from, before) in self.origins(&layout, mover_side, piece, to) {
                let mover = Mover::of(piece);
                if !before
                    .piece_moves(t, mover, from)
                    .iter()
                    .any(|m| m.to == to)
                {
                    continue;
                }
                // A move the engine allows: is it ruled out?
                if let Some((victim, anvil)) = self.certain_capture(&layout, piece, to) {
                    reason = reason.max(IllegalReason::LastMoveCaptures);
                    shown |= [to, victim, anvil].into_iter().collect::<SquareSet>();
                    continue;
                }
                let king_before = if piece == Piece::KING {
                    Some(from)
                } else {
                    king_square
                };
                if let Some(stood) = king_before.filter(|&s| escape(s)) {
                    reason = reason.max(IllegalReason::GameOverBefore);
                    shown.insert(stood);
                    continue;
                }
                // (a) and (b) pass; (c) looks at the whole placement.
                return arrival_order_cycle(t, pos).map(|cycle| Illegality {
                    reason: IllegalReason::ArrivalOrder,
                    squares: cycle.into_iter().collect(),
                });
            }
        }
        if reason == IllegalReason::NoLastMove {
            shown = layout
                .pieces()
                .filter(|(_, p)| p.side == mover_side)
                .map(|(s, _)| s)
                .collect();
        }
        Some(Illegality {
            reason,
            squares: shown,
        })
    }

    /// The squares `from` that `piece` on `to` may have come from in the last move,
    /// each with the position before it as far as the position after tells (`piece` back
    /// on `from`, `side` to move): slides over empty squares from an empty square where
    /// its kind may stand, and, for a piece that jumps, jumps from the empty square two
    /// away over the square between, which holds an enemy taflman (the one jumped) or is
    /// empty (the jumped piece was captured: an enemy taflman is put back, as any
    /// jumpable piece would do). The engine is not yet asked whether the move is legal.
    fn origins(
        &self,
        layout: &Layout,
        side: Side,
        piece: Piece,
        to: Square,
    ) -> Vec<(Square, Position)> {
        let dim = self.tables.dim();
        let kind = StandMask::of(piece);
        let stands = |s: Square| self.may_stand[s.dense(dim)].contains(kind);
        let mut out: Vec<(Square, Position)> = slide_origins(layout, to, stands)
            .into_iter()
            .filter_map(|from| {
                self.predecessor(layout, side, piece, from, to, None)
                    .map(|before| (from, before))
            })
            .collect();
        if self.tables.rules().jump_of(piece.kind) == Jump::None {
            return out;
        }
        let enemy = Piece {
            side: side.opponent(),
            kind: PieceKind::Taflman,
        };
        for direction in Direction::RANK_THEN_FILE {
            let Some(over) = to.step(dim, direction) else {
                continue;
            };
            let Some(from) = over.step(dim, direction) else {
                continue;
            };
            if layout.get(from).is_some() || !stands(from) {
                continue;
            }
            let put_back = match layout.get(over) {
                None => Some(enemy),
                Some(p) if p == enemy => None,
                Some(_) => continue,
            };
            if let Some(before) =
                self.predecessor(layout, side, piece, from, to, put_back.map(|p| (over, p)))
            {
                out.push((from, before));
            }
        }
        out
    }

    /// The position with `piece` moved back from `to` to `from` (and a jumped piece put
    /// back, if given), `side` to move; `None` if the engine cannot hold it.
    fn predecessor(
        &self,
        layout: &Layout,
        side: Side,
        piece: Piece,
        from: Square,
        to: Square,
        jumped: Option<(Square, Piece)>,
    ) -> Option<Position> {
        let mut before = layout.clone();
        before.set(to, None);
        before.set(from, Some(piece));
        if let Some((over, victim)) = jumped {
            before.set(over, Some(victim));
        }
        Position::from_layout(self.tables, &before, side).ok()
    }

    /// The piece that `piece`, arriving on `to` in a position whose pieces other than
    /// the ones it captures are those of `layout`, certainly captures, with its anvil:
    /// `piece` is a hammer, and next to `to` stands an enemy taflman (not the king) with
    /// a piece of the mover's side that is an anvil beyond it. `(victim, anvil)`, the
    /// first such pair in the order east, west, north, south; `None` if there is none.
    fn certain_capture(
        &self,
        layout: &Layout,
        piece: Piece,
        to: Square,
    ) -> Option<(Square, Square)> {
        let t = self.tables;
        if piece == Piece::KING && !t.king_hammer() {
            return None;
        }
        let dim = t.dim();
        let enemy_taflman = if piece.side == Side::Attackers {
            Piece::DEFENDER
        } else {
            Piece::ATTACKER
        };
        Direction::RANK_THEN_FILE.iter().find_map(|&direction| {
            let victim = to.step(dim, direction)?;
            let anvil = victim.step(dim, direction)?;
            let captures = layout.get(victim) == Some(enemy_taflman)
                && match layout.get(anvil) {
                    Some(p) if p == Piece::KING => piece.side == Side::Defenders && t.king_anvil(),
                    Some(p) => p.side == piece.side,
                    None => false,
                };
            captures.then_some((victim, anvil))
        })
    }
}

/// The squares a piece on `to` may have slid from in the last move: along each line
/// from `to`, every empty square up to the first occupied one where `stands` says the
/// piece's kind may stand (fact 2 of docs/legal-positions.md).
pub(super) fn slide_origins(
    layout: &Layout,
    to: Square,
    stands: impl Fn(Square) -> bool,
) -> Vec<Square> {
    layout.open_lines(to).filter(|&from| stands(from)).collect()
}
