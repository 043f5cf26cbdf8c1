//! What a search needs to know about its target: the piece wanted on each square, and
//! the order constraints of custodial captures. A piece that ends between two things
//! hostile to it must arrive after the enemy pieces among them: whichever of those
//! arrived later would capture it.

use crate::board::{Direction, Piece, PieceKind, Side};
use crate::moves::{Position, Square, Tables};
use crate::rules::KingStrength;

/// The target as plain per-square data.
pub(super) struct TargetMap {
    pub(super) dim: usize,
    /// The piece wanted on each square (`Square::index`), if any.
    pub(super) want: Vec<Option<Piece>>,
    /// Per square: the squares whose target pieces must stand before this one arrives.
    pub(super) before: Vec<Vec<Square>>,
    /// Per square: the squares whose target pieces must arrive after this one (moving
    /// it away and back while they stand would capture them).
    pub(super) after: Vec<Vec<Square>>,
    /// The target squares.
    pub(super) squares: Vec<Square>,
    /// Per kind (in the order of [`KINDS`]), per square: may a piece of the kind end a
    /// move there without ending the game (empty in a strict map).
    pub(super) stop: [Vec<bool>; KIND_COUNT],
    /// Per kind, per square: may a piece of the kind slide over it.
    pub(super) pass: [Vec<bool>; KIND_COUNT],
    /// Only the constraints the argument of docs/proof-games.md proves.
    strict: bool,
}

/// How many kinds a target may hold.
pub(super) const KIND_COUNT: usize = 7;

/// The kinds a target may hold, in the order of [`TargetMap::stop`]: the taflmen, the
/// king, then each side's commanders and knights.
pub(super) const KINDS: [Piece; KIND_COUNT] = [
    Piece::ATTACKER,
    Piece::DEFENDER,
    Piece::KING,
    Piece {
        side: Side::Attackers,
        kind: PieceKind::Commander,
    },
    Piece {
        side: Side::Attackers,
        kind: PieceKind::Knight,
    },
    Piece {
        side: Side::Defenders,
        kind: PieceKind::Commander,
    },
    Piece {
        side: Side::Defenders,
        kind: PieceKind::Knight,
    },
];

/// The index of a piece's kind in [`KINDS`] (0 attackers, 1 defenders, 2 the king, ...);
/// mercenaries and guards, which a target never holds, count as their side's taflmen.
pub(super) fn kind_index(piece: Piece) -> usize {
    match (piece.side, piece.kind) {
        (_, PieceKind::King) => 2,
        (Side::Attackers, PieceKind::Commander) => 3,
        (Side::Attackers, PieceKind::Knight) => 4,
        (Side::Defenders, PieceKind::Commander) => 5,
        (Side::Defenders, PieceKind::Knight) => 6,
        (side, _) => side as usize,
    }
}

/// The distance of a square from which no free target square can be reached.
pub(super) const FAR: u8 = 99;

/// The four neighbours along the two lines, in pairs of opposite directions.
pub(super) const AXES: [(Direction, Direction); 2] = [
    (Direction::East, Direction::West),
    (Direction::North, Direction::South),
];

impl TargetMap {
    /// The map of `target` under `t`'s rules. `strict` keeps only the order
    /// constraints that are proven (see [`TargetMap::has_cycle`]); otherwise the king's
    /// and those of squares hostile only while empty or occupied are added, as guides.
    pub(super) fn new(t: &Tables, target: &Position, strict: bool) -> TargetMap {
        let dim = t.dim();
        let mut want = vec![None; Square::INDICES];
        let mut squares = Vec::new();
        for rank in 0..dim {
            for file in 0..dim {
                let s = Square::new(file, rank);
                if let Some(p) = target.piece_at(s) {
                    want[s.index()] = Some(p);
                    squares.push(s);
                }
            }
        }
        let rules = t.rules();
        let escapes = t.escape_squares();
        let table = |piece: Piece, stop: bool| -> Vec<bool> {
            let mut v = vec![false; Square::INDICES];
            for rank in 0..dim {
                for file in 0..dim {
                    let s = Square::new(file, rank);
                    v[s.index()] = if stop {
                        rules.may_stop_from(piece, file, rank, 0)
                            && !(piece == Piece::KING && escapes.contains(s))
                    } else {
                        rules.may_pass_from(piece, file, rank, 0)
                    };
                }
            }
            v
        };
        let mut map = TargetMap {
            dim,
            want,
            before: vec![Vec::new(); Square::INDICES],
            after: vec![Vec::new(); Square::INDICES],
            squares,
            // A strict map only proves; the walk's tables are left empty.
            stop: KINDS.map(|k| if strict { Vec::new() } else { table(k, true) }),
            pass: KINDS.map(|k| if strict { Vec::new() } else { table(k, false) }),
            strict,
        };
        for &s in &map.squares.clone() {
            let piece = map.want[s.index()].expect("a target square");
            let needs = match piece.kind {
                PieceKind::King => map.king_needs(t, s),
                // Commanders and knights are captured, and capture, as taflmen are.
                PieceKind::Taflman | PieceKind::Commander | PieceKind::Knight => {
                    map.man_needs(t, s, piece.side)
                }
                _ if strict => Vec::new(),
                _ => map.man_needs(t, s, piece.side),
            };
            for &n in &needs {
                map.after[n.index()].push(s);
            }
            map.before[s.index()] = needs;
        }
        map
    }

    /// True if `q` is hostile to a piece of `victim` in the target, built on the
    /// engine's [`Tables::hostile_with`]. An enemy piece there: hostile as the engine
    /// says, and strictly only if it is a hammer too (whichever of two arrives last
    /// captures). Otherwise the square must be hostile whether empty or occupied, since
    /// it may be either while the pieces arrive.
    fn hostile(&self, t: &Tables, victim: Side, q: Square) -> bool {
        match self.want[q.index()] {
            Some(p) if p.side != victim => {
                t.hostile_with(victim, q, Some(p)) && (!self.strict || t.is_hammer(p))
            }
            _ => {
                let own = Piece {
                    side: victim,
                    kind: PieceKind::Taflman,
                };
                t.hostile_with(victim, q, None) && t.hostile_with(victim, q, Some(own))
            }
        }
    }

    /// The enemy pieces on `q` in the target, as a list of at most one square.
    fn enemy_on(&self, victim: Side, q: Square) -> Option<Square> {
        self.want[q.index()].filter(|p| p.side != victim).map(|_| q)
    }

    /// A man on `s` between two hostile squares on a line comes after the enemies there.
    fn man_needs(&self, t: &Tables, s: Square, side: Side) -> Vec<Square> {
        let mut needs = Vec::new();
        for (a, b) in AXES {
            if let (Some(x), Some(y)) = (s.step(self.dim, a), s.step(self.dim, b)) {
                if self.hostile(t, side, x) && self.hostile(t, side, y) {
                    needs.extend(self.enemy_on(side, x));
                    needs.extend(self.enemy_on(side, y));
                }
            }
        }
        needs
    }

    /// The king comes after the attackers around him if they (with hostile squares)
    /// are enough to capture him under the variant's king strength.
    fn king_needs(&self, t: &Tables, s: Square) -> Vec<Square> {
        let strength = t.rules().king_strength;
        let near_centre = {
            let centre =
                |q: Square| t.square_kinds(q) & crate::complexity::square_kind::CENTRE != 0;
            centre(s)
                || AXES
                    .iter()
                    .flat_map(|(a, b)| [*a, *b])
                    .filter_map(|d| s.step(self.dim, d))
                    .any(centre)
        };
        let all_round = match strength {
            // `ks:t`: the throne is no anvil against the king, which `man_needs` does not
            // know; no order is claimed for him (claiming none is always sound).
            KingStrength::StrongOnThrone => return Vec::new(),
            KingStrength::Weak => false,
            KingStrength::StrongAtCentre => near_centre,
            KingStrength::Strong | KingStrength::Middleweight => true,
        };
        if !all_round {
            return self.man_needs(t, s, Side::Defenders);
        }
        if self.strict {
            return Vec::new();
        }
        let around: Vec<Square> = AXES
            .iter()
            .flat_map(|(a, b)| [*a, *b])
            .filter_map(|d| s.step(self.dim, d))
            .collect();
        let full = around.len() == 4 || strength == KingStrength::Middleweight;
        if full && around.iter().all(|&q| self.hostile(t, Side::Defenders, q)) {
            around
                .into_iter()
                .filter_map(|q| self.enemy_on(Side::Defenders, q))
                .collect()
        } else {
            Vec::new()
        }
    }

    /// Moves a piece of kind `kind` needs from each square to a free target square of
    /// its kind on the board of `pos`, other pieces standing still ([`FAR`] if none is
    /// reachable). A square holding a piece gets the distance of that piece.
    pub(super) fn distances(&self, pos: &Position, kind: usize) -> Vec<u8> {
        let piece = KINDS[kind];
        let mut dist = vec![FAR; Square::INDICES];
        let mut queue = Vec::with_capacity(self.dim * self.dim);
        for &s in &self.squares {
            if self.want[s.index()] == Some(piece) && pos.piece_at(s) != Some(piece) {
                dist[s.index()] = 0;
                queue.push(s);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let y = queue[head];
            head += 1;
            let d = dist[y.index()] + 1;
            for dir in Direction::ALL {
                let mut x = y;
                while let Some(next) = x.step(self.dim, dir) {
                    x = next;
                    if pos.piece_at(x).is_some() {
                        if dist[x.index()] == FAR {
                            dist[x.index()] = d;
                        }
                        break;
                    }
                    if self.stop[kind][x.index()] && dist[x.index()] == FAR {
                        dist[x.index()] = d;
                        queue.push(x);
                    }
                    if !self.pass[kind][x.index()] {
                        break;
                    }
                }
            }
        }
        dist
    }

    /// True if the order constraints go round in a circle: no order of arrival avoids
    /// a capture. For a strict map whose start position has no constraint of its own,
    /// a proof that the target is unreachable (docs/proof-games.md).
    pub(super) fn has_cycle(&self) -> bool {
        // Depth-first search with three colours.
        let mut colour = vec![0u8; Square::INDICES];
        fn visit(map: &TargetMap, s: Square, colour: &mut [u8]) -> bool {
            colour[s.index()] = 1;
            for &n in &map.before[s.index()] {
                let c = colour[n.index()];
                if c == 1 || (c == 0 && visit(map, n, colour)) {
                    return true;
                }
            }
            colour[s.index()] = 2;
            false
        }
        self.squares
            .iter()
            .any(|&s| colour[s.index()] == 0 && visit(self, s, &mut colour))
    }

    /// A cycle if a strict map's order constraints prove the target unreachable from
    /// `start` (docs/proof-games.md, "Order conflicts"): some constraint that must hold
    /// strictly lies on a cycle. A piece `X` on `s` arrived after each enemy piece of its
    /// sandwiches, strictly unless `X` and all of them stand where they stood at the
    /// start (they may never have moved: all at time 0); a cycle through a strict
    /// constraint asks for an arrival later than itself. With a start that sandwiches
    /// nothing, every constraint is strict and this is [`TargetMap::has_cycle`].
    ///
    /// The cycle found is given as the squares of its pieces in order, each one arriving
    /// after the next (and the last after the first): the first square in `squares`
    /// order that lies on such a cycle starts it, and the way back to it is a shortest
    /// one, so the same target always gives the same cycle.
    pub(super) fn strict_cycle(&self, start: &Position) -> Option<Vec<Square>> {
        let at_start = |q: Square| start.piece_at(q) == self.want[q.index()];
        // The shortest path along `before` edges from `from` to `to`, both included.
        let path = |from: Square, to: Square| -> Option<Vec<Square>> {
            let mut parent: Vec<Option<Square>> = vec![None; Square::INDICES];
            let mut seen = vec![false; Square::INDICES];
            let mut queue = std::collections::VecDeque::from([from]);
            seen[from.index()] = true;
            while let Some(x) = queue.pop_front() {
                if x == to {
                    let mut out = vec![x];
                    let mut at = x;
                    while let Some(p) = parent[at.index()] {
                        out.push(p);
                        at = p;
                    }
                    out.reverse();
                    return Some(out);
                }
                for &n in &self.before[x.index()] {
                    if !seen[n.index()] {
                        seen[n.index()] = true;
                        parent[n.index()] = Some(x);
                        queue.push_back(n);
                    }
                }
            }
            None
        };
        self.squares.iter().find_map(|&s| {
            let needs = &self.before[s.index()];
            let strict = !(at_start(s) && needs.iter().all(|&n| at_start(n)));
            if !strict {
                return None;
            }
            needs.iter().find_map(|&n| {
                // s after n after ... after s: the path from n back to s closes it.
                let back = path(n, s)?;
                let mut cycle = vec![s];
                cycle.extend(&back[..back.len() - 1]);
                Some(cycle)
            })
        })
    }

    /// True if `pos` has the target's piece on `s`.
    #[inline]
    pub(super) fn placed(&self, pos: &Position, s: Square) -> bool {
        let want = self.want[s.index()];
        want.is_some() && pos.piece_at(s) == want
    }

    /// True if a piece that must arrive after the one of `s` stands in `pos`: the piece
    /// on `s` may then not step away, since coming back would capture it.
    pub(super) fn holds_later(&self, pos: &Position, s: Square) -> bool {
        self.after[s.index()].iter().any(|&q| self.placed(pos, q))
    }

    /// True if every piece that must come before the one of `s` stands in `pos`.
    pub(super) fn ready(&self, pos: &Position, s: Square) -> bool {
        self.before[s.index()].iter().all(|&q| self.placed(pos, q))
    }
}
