//! The search: df-pn over the table, and an exact depth-first search at the small
//! frontier.

use super::{Prover, ProverError, CAP, INF, QUIET_PN};
use crate::board::{Side, Square};
use crate::moves::{Move, Position, SquareSet};

/// A child of a node in the df-pn search.
pub(super) struct Child {
    pos: Position,
    key: u64,
    pn: u64,
    dn: u64,
}

impl<'t> Prover<'t> {
    // The small frontier: exact depth-first search.

    /// The side to move in `pos` (on top of the path, not over) wins within `d` plies,
    /// for `d` up to 4.
    pub(super) fn or_small(&mut self, pos: &Position, d: u32) -> bool {
        if !self.immediate_wins(pos, true).is_empty() {
            return true;
        }
        if d < 3 {
            return false;
        }
        let p = pos.side_to_move();
        for mv in pos.legal_moves(self.t) {
            let child = self.play(pos, mv);
            if self.ending(&child, p).is_some() {
                // An immediate win was ruled out above.
                continue;
            }
            self.enter(&child);
            let won = self.and_small(&child, d - 1, p);
            self.leave();
            if won {
                return true;
            }
        }
        false
    }

    /// Every reply of the side to move in `pos` (on top of the path, not over) lets `p`
    /// win at once (`e` is 2 or 3: one reply, then one move of `p`).
    pub(super) fn and_small(&mut self, pos: &Position, e: u32, p: Side) -> bool {
        if e < 2 {
            return false;
        }
        let threats = self.threats(pos);
        let replies = self.ordered_replies(pos, &threats);
        for r in replies {
            let gc = self.play(pos, r);
            match self.ending(&gc, p) {
                Some(true) => continue,
                Some(false) => return false,
                None => {}
            }
            self.enter(&gc);
            let won = (!threats.is_empty() && self.threat_stands(&gc, &threats, p))
                || !self.immediate_wins(&gc, true).is_empty();
            self.leave();
            if !won {
                return false;
            }
        }
        true
    }

    /// The replies of the side to move, those that could stop a threat first (landing
    /// on a threatened line or next to the king, or capturing), for early refutations.
    pub(super) fn ordered_replies(&self, pos: &Position, threats: &[Move]) -> Vec<Move> {
        let moves = pos.legal_moves(self.t);
        if threats.is_empty() {
            return moves;
        }
        let mut hot = SquareSet::EMPTY;
        for m in threats {
            let (f0, r0, f1, r1) = (m.from.file(), m.from.rank(), m.to.file(), m.to.rank());
            for f in f0.min(f1)..=f0.max(f1) {
                for r in r0.min(r1)..=r0.max(r1) {
                    hot.insert(Square::new(f, r));
                }
            }
        }
        if let Some(k) = pos.king() {
            hot |= SquareSet::single(k).dilated() & SquareSet::board(self.dim);
        }
        let is_hot = |m: &Move| hot.contains(m.to) || hot.contains(m.from);
        let (mut first, rest): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(is_hot);
        first.extend(rest);
        first
    }

    // df-pn

    /// Whether side `p` wins within `d` plies from `pos` (on top of the path, not over).
    pub(super) fn prove(&mut self, pos: &Position, d: u32, p: Side) -> Result<bool, ProverError> {
        let key = self.key(pos, d, p);
        loop {
            if let Some((pn, dn)) = self.table.probe(key) {
                if pn == 0 {
                    return Ok(true);
                }
                if dn == 0 {
                    return Ok(false);
                }
            }
            if self.aborted {
                return Err(ProverError::Exhausted { nodes: self.nodes });
            }
            let (pn, dn) = self.mid(pos, d, p, key, INF, INF);
            if pn == 0 {
                return Ok(true);
            }
            if dn == 0 {
                return Ok(false);
            }
            if self.aborted {
                return Err(ProverError::Exhausted { nodes: self.nodes });
            }
        }
    }

    /// One df-pn visit of `pos` (on top of the path, not over) with side `p` to win
    /// within `d` plies, until its numbers reach the thresholds.
    pub(super) fn mid(
        &mut self,
        pos: &Position,
        d: u32,
        p: Side,
        key: u64,
        th_pn: u64,
        th_dn: u64,
    ) -> (u64, u64) {
        let or = pos.side_to_move() == p;
        if (or && d <= 4) || (!or && d <= 3) {
            self.stats.frontier += 1;
            let before = self.nodes;
            let won = if or {
                self.or_small(pos, d)
            } else {
                self.and_small(pos, d, p)
            };
            self.stats.frontier_nodes += self.nodes - before;
            let v = if won { (0, INF) } else { (INF, 0) };
            self.table.store(key, v.0, v.1);
            return v;
        }
        self.stats.expansions += 1;
        let mut children = match self.expand(pos, d, p, or) {
            Ok(children) => children,
            Err(v) => {
                self.table.store(key, v.0, v.1);
                return v;
            }
        };
        loop {
            let (pn, dn) = combine(or, &children);
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 {
                self.table.store(key, pn, dn);
                return (pn, dn);
            }
            if self.nodes >= self.limit {
                self.aborted = true;
            }
            if self.aborted {
                return (pn, dn);
            }
            let (best, second) = select(or, &children);
            let c = &children[best];
            let (cth_pn, cth_dn) = if or {
                (
                    th_pn.min(second.saturating_add(1 + second / 4)),
                    th_dn.saturating_sub(dn).saturating_add(c.dn).min(INF),
                )
            } else {
                (
                    th_pn.saturating_sub(pn).saturating_add(c.pn).min(INF),
                    th_dn.min(second.saturating_add(1 + second / 4)),
                )
            };
            self.enter(&c.pos);
            let v = self.mid(&c.pos, d - 1, p, c.key, cth_pn, cth_dn);
            self.leave();
            children[best].pn = v.0;
            children[best].dn = v.1;
        }
    }

    /// The children of a df-pn node with their first numbers, or the node's value when
    /// a child decides it at once.
    pub(super) fn expand(
        &mut self,
        pos: &Position,
        d: u32,
        p: Side,
        or: bool,
    ) -> Result<Vec<Child>, (u64, u64)> {
        let threats = if or { Vec::new() } else { self.threats(pos) };
        let moves = if or {
            pos.legal_moves(self.t)
        } else {
            self.ordered_replies(pos, &threats)
        };
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            let child = self.play(pos, mv);
            if let Some(won) = self.ending(&child, p) {
                match (or, won) {
                    (true, true) => return Err((0, INF)),
                    (false, false) => return Err((INF, 0)),
                    _ => continue,
                }
            }
            let key = self.key(&child, d - 1, p);
            let (pn, dn) = match self.table.probe(key) {
                Some(v) => v,
                None if or => {
                    if self.threats(&child).is_empty() {
                        (QUIET_PN, 1)
                    } else {
                        (1, 1)
                    }
                }
                None => {
                    self.enter(&child);
                    let stands = !threats.is_empty() && self.threat_stands(&child, &threats, p);
                    self.leave();
                    if stands {
                        self.table.store(key, 0, INF);
                        (0, INF)
                    } else {
                        (1, 1)
                    }
                }
            };
            match (or, pn == 0, dn == 0) {
                (true, true, _) => return Err((0, INF)),
                (false, _, true) => return Err((INF, 0)),
                (true, _, true) | (false, true, _) => continue,
                _ => {}
            }
            children.push(Child {
                pos: child,
                key,
                pn,
                dn,
            });
        }
        if children.is_empty() {
            // Every child was decided the other way: an OR node with no winning child is
            // disproven, an AND node whose children are all won is proven.
            return Err(if or { (INF, 0) } else { (0, INF) });
        }
        Ok(children)
    }
}

/// A node's numbers from its children's: OR takes the least proof number and the sum
/// of disproof numbers, AND the reverse.
pub(super) fn combine(or: bool, children: &[Child]) -> (u64, u64) {
    let (mut least, mut sum) = (INF, 0u64);
    for c in children {
        let (a, b) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        least = least.min(a);
        sum = sum.saturating_add(b);
    }
    let sum = if sum >= INF {
        if children
            .iter()
            .any(|c| if or { c.dn >= INF } else { c.pn >= INF })
        {
            INF
        } else {
            CAP
        }
    } else {
        sum
    };
    if or {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// The child to visit (least proof number for OR, least disproof number for AND, the
/// first on ties) and the second least number.
pub(super) fn select(or: bool, children: &[Child]) -> (usize, u64) {
    let (mut best, mut first, mut second) = (0, INF + 1, INF + 1);
    for (i, c) in children.iter().enumerate() {
        let v = if or { c.pn } else { c.dn };
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second.min(INF))
}
