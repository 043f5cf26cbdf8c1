//! The exact number of reachable positions of one small material class (issue 26),
//! bracketed from both sides, to cross-check the sampler and the classifier. The
//! method and its proof are in docs/legal-positions.md, "Exhaustive classes".
//!
//! For a class C below the start's material (a attackers, d defenders, the king on
//! the board): every reachable position of C follows, by non-capturing moves inside C
//! from unfinished positions, from an *entry*: the position right after the capture
//! that brought the game into C. The *upper set* U is the closure under those moves of
//! every *entry candidate*, a position E of C that some superset position Q with more
//! material, not finished, reaches in one engine-legal move (found retrogradely and
//! confirmed by the engine); U holds every reachable position of C. The *lower set* L
//! is the closure of positions with a replayed proof game; every position of L is
//! reachable. When L == U, |L| is exact.

use serde::{Deserialize, Serialize};

use super::class_index::{ClassIndex, ClassSet};
use super::classify::{classify, Legality};
use super::illegal::{slide_origins, IllegalCheck, IllegalReason};
use super::run::Prepared;
use super::superset::Element;
use crate::board::{DenseSquare, Direction, Piece, PieceKind, Side, Square};
use crate::complexity::proof_game::{find_proof_game, verify_proof_game, ProofBudget};
use crate::complexity::StandMask;
use crate::moves::{Move, Position};
use crate::rng::SplitMix64;
use crate::rules::{Berserk, Jump, Shieldwall};

/// The most numbers a class's bit sets may span (4 x 10^9 bits: 512 MB a set).
pub const MAX_NUMBERS: u64 = 1 << 32;

/// The most witnesses of one entry candidate the proof search tries.
pub const WITNESS_SEARCHES: u32 = 3;

/// Why a class cannot be checked exhaustively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExhaustiveError {
    /// The variant has pieces other than the king and taflmen, or captures otherwise
    /// than by custodial sandwiches next to the moved piece (jumps, shieldwalls,
    /// Linnaean captures, berserk), which the retrograde step does not put back.
    Captures(String),
    /// The class is not below the start's material.
    NotBelowStart,
    /// The board or the class is too big to number.
    TooBig,
}

impl std::fmt::Display for ExhaustiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExhaustiveError::Captures(what) => write!(
                f,
                "the exhaustive check takes only kings and taflmen with custodial captures; this variant has {what}"
            ),
            ExhaustiveError::NotBelowStart => {
                write!(f, "the class must have less material than the start")
            }
            ExhaustiveError::TooBig => write!(
                f,
                "the class is too big to check exhaustively (at most 64 squares and {MAX_NUMBERS} numbers)"
            ),
        }
    }
}

impl std::error::Error for ExhaustiveError {}

impl crate::error::Kind for ExhaustiveError {}

/// What the exhaustive check found for one class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassCount {
    /// Attackers in the class.
    pub attackers: usize,
    /// Defenders in the class (the king apart, always on the board).
    pub defenders: usize,
    /// Superset positions in the class, both sides to move.
    pub class_size: u64,
    /// Entry candidates: positions of the class one capturing move can enter.
    pub entry_candidates: u64,
    /// |U|: the closure of the entry candidates, a superset of the reachable ones.
    pub upper: u64,
    /// |L|: the closure of the positions with a proof game, all reachable.
    pub lower: u64,
    /// |U \ L|: positions left open (0: the count is exact).
    pub gap: u64,
    /// Positions of the gap that fail a necessary condition (illegal.rs), hence
    /// unreachable.
    pub gap_rejected: u64,
    /// Those positions per condition (its key), the conditions that reject none left
    /// out.
    pub gap_by_reason: Vec<(String, u64)>,
    /// Entry candidates proven by a witness in the lower set of a class checked
    /// before (seeds of L).
    pub proofs_known: u64,
    /// Proof searches run to grow L.
    pub searches: u64,
    /// Positions whose search found a proof game (seeds of L).
    pub proofs: u64,
    /// The exact number of reachable positions, when L == U.
    pub exact: Option<u64>,
    /// The exact number when every position of U \ L fails a necessary condition
    /// (proven in docs/legal-positions.md), so that L holds all reachable positions.
    pub exact_with_conditions: Option<u64>,
    /// Whether L was found inside U (the method's own consistency; false is a bug).
    pub lower_inside_upper: bool,
}

/// The sets of one class's check, for tests that look inside.
pub struct ClassRun {
    /// The numbering of the class.
    pub index: ClassIndex,
    /// The entry candidates.
    pub entries: ClassSet,
    /// The upper set U.
    pub upper: ClassSet,
    /// The lower set L.
    pub lower: ClassSet,
    /// The figures.
    pub count: ClassCount,
}

/// The classifier's verdicts on the positions of a class (all, or a uniform sample),
/// set against the exhaustive sets.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassifierTally {
    /// Positions classified.
    pub classified: u64,
    /// Proven legal (a replayed proof game).
    pub legal: u64,
    /// Proven illegal (a necessary condition fails).
    pub illegal: u64,
    /// Neither.
    pub undecided: u64,
    /// Classified positions that lie in L.
    pub in_lower: u64,
    /// Classified positions that lie in U.
    pub in_upper: u64,
    /// Proven legal yet outside U: a contradiction (must be 0).
    pub legal_outside_upper: u64,
    /// Proven illegal yet in L: a contradiction (must be 0).
    pub illegal_inside_lower: u64,
}

/// The exhaustive check of one material class of a variant.
pub struct ClassCheck<'p> {
    prepared: &'p Prepared,
    index: ClassIndex,
    attackers: usize,
    defenders: usize,
}

impl<'p> ClassCheck<'p> {
    /// The check of the class (`attackers`, `defenders`, the king) of `prepared`'s
    /// variant; refused for variants whose captures the retrograde step does not put
    /// back, for the start's own class or above, and for classes too big to number.
    pub fn new(
        prepared: &'p Prepared,
        attackers: usize,
        defenders: usize,
    ) -> Result<ClassCheck<'p>, ExhaustiveError> {
        let rules = prepared.tables.rules();
        let mut odd = Vec::new();
        // Positions are numbered with the king and taflmen only; taflmen never jump.
        if rules
            .start()
            .pieces()
            .any(|(_, p)| !matches!(p.kind, PieceKind::King | PieceKind::Taflman))
        {
            odd.push("commanders or knights");
        }
        if rules.jump_of(PieceKind::King) != Jump::None {
            odd.push("a jumping king");
        }
        if rules.shieldwall != Shieldwall::None {
            odd.push("shieldwalls");
        }
        if rules.linnaean {
            odd.push("Linnaean captures");
        }
        if rules.berserk != Berserk::None {
            odd.push("berserk");
        }
        if !odd.is_empty() {
            return Err(ExhaustiveError::Captures(odd.join(" and ")));
        }
        let s = &prepared.superset;
        if attackers > s.max_attackers()
            || defenders > s.max_defenders()
            || (attackers, defenders) == (s.max_attackers(), s.max_defenders())
        {
            return Err(ExhaustiveError::NotBelowStart);
        }
        let index = ClassIndex::new(s.dim(), attackers, defenders, MAX_NUMBERS)
            .ok_or(ExhaustiveError::TooBig)?;
        Ok(ClassCheck {
            prepared,
            index,
            attackers,
            defenders,
        })
    }

    /// The numbering of the class.
    pub fn index(&self) -> &ClassIndex {
        &self.index
    }

    fn may_stand(&self, i: DenseSquare) -> StandMask {
        self.prepared.spec.may_stand_by_index()[i.index()]
    }

    /// Calls `visit` with the number and element of every superset position of the
    /// class (both sides to move), in no promised order.
    pub fn for_each(&self, mut visit: impl FnMut(u64, &Element)) {
        let cells = self.prepared.spec.cells();
        for side in [Side::Attackers, Side::Defenders] {
            let squares = || DenseSquare::all(cells);
            for king in squares().filter(|&i| self.may_stand(i).contains(StandMask::KING)) {
                let open_a: Vec<DenseSquare> = squares()
                    .filter(|&i| i != king && self.may_stand(i).contains(StandMask::ATTACKER))
                    .collect();
                subsets(&open_a, self.attackers, &mut |attackers| {
                    let open_d: Vec<DenseSquare> = squares()
                        .filter(|&i| {
                            i != king
                                && !attackers.contains(&i)
                                && self.may_stand(i).contains(StandMask::DEFENDER)
                        })
                        .collect();
                    subsets(&open_d, self.defenders, &mut |defenders| {
                        let e = Element {
                            side,
                            king,
                            attackers: attackers.to_vec(),
                            defenders: defenders.to_vec(),
                            typed: Vec::new(),
                        };
                        let n = self.index.number(&e).expect("an element of the class");
                        visit(n, &e);
                    });
                });
            }
        }
    }

    /// The position of an element as the engine holds it after a move: the side not to
    /// move made the last move (the end-of-game tests depend on it).
    pub fn position(&self, e: &Element) -> Position {
        let t = &self.prepared.tables;
        let mut pos =
            Position::from_layout(t, &e.layout(self.prepared.spec.dim()), e.side.opponent())
                .expect("a superset element holds only pieces the engine plays");
        pos.null_move(t);
        pos
    }

    /// True if some superset position with more material, not finished, reaches `e`
    /// (whose position is `pos`) by one engine-legal capturing move: the side not to
    /// move slid a piece onto its square and captured enemy taflmen next to it, put
    /// back retrogradely and confirmed by replaying the move.
    pub fn is_entry_candidate(&self, e: &Element, pos: &Position) -> bool {
        self.witnesses(e, pos, &mut |_, _| true)
    }

    /// Calls `visit` with each witness of `e` as an entry candidate (a position `q`
    /// and the move that takes it to `pos`, see [`ClassCheck::is_entry_candidate`])
    /// until it answers true; true if it did.
    pub fn witnesses(
        &self,
        e: &Element,
        pos: &Position,
        visit: &mut dyn FnMut(&Position, Move) -> bool,
    ) -> bool {
        let t = &self.prepared.tables;
        let dim = self.prepared.spec.dim();
        let mover = e.side.opponent();
        let enemy = e.side;
        let (enemy_piece, enemy_kind, room) = match enemy {
            Side::Attackers => (
                Piece::ATTACKER,
                StandMask::ATTACKER,
                self.prepared.superset.max_attackers() - e.attackers.len(),
            ),
            Side::Defenders => (
                Piece::DEFENDER,
                StandMask::DEFENDER,
                self.prepared.superset.max_defenders() - e.defenders.len(),
            ),
        };
        if room == 0 {
            return false;
        }
        let layout = e.layout(dim);
        for (to, piece) in layout.pieces().filter(|(_, p)| p.side == mover) {
            // Where a victim may have stood: an empty square next to `to` open to the
            // enemy's taflmen, with beyond it something hostile to them (a custodial
            // capture needs it; the board beyond is the same before the captures are
            // taken off as in `e`).
            let mut victims: Vec<Square> = Vec::new();
            for direction in Direction::RANK_THEN_FILE {
                let Some((v, anvil)) = to
                    .step(dim, direction)
                    .and_then(|v| Some((v, v.step(dim, direction)?)))
                else {
                    continue;
                };
                if layout.get(v).is_none()
                    && self.may_stand(DenseSquare::of(v, dim)).contains(enemy_kind)
                    && pos.hostile_to(t, enemy, anvil)
                {
                    victims.push(v);
                }
            }
            if victims.is_empty() {
                continue;
            }
            let kind = StandMask::of(piece);
            let stands = |s: Square| self.may_stand(DenseSquare::of(s, dim)).contains(kind);
            for from in slide_origins(&layout, to, stands) {
                for mask in 1u32..1 << victims.len() {
                    if mask.count_ones() as usize > room {
                        continue;
                    }
                    let mut before = layout.clone();
                    before.set(to, None);
                    before.set(from, Some(piece));
                    for (j, &v) in victims.iter().enumerate() {
                        if mask & (1 << j) != 0 {
                            before.set(v, Some(enemy_piece));
                        }
                    }
                    let Ok(mut q) = Position::from_layout(t, &before, enemy) else {
                        continue;
                    };
                    q.null_move(t);
                    if q.outcome(t).is_some() {
                        continue;
                    }
                    let mv = Move { from, to };
                    if !q.legal_moves(t).contains(&mv) {
                        continue;
                    }
                    let (after, _) = q.after(t, mv);
                    if after == *pos && visit(&q, mv) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The entry candidates of the class.
    pub fn entry_candidates(&self) -> ClassSet {
        let mut set = ClassSet::new(self.index.len());
        self.for_each(|n, e| {
            if self.is_entry_candidate(e, &self.position(e)) {
                set.insert(n);
            }
        });
        set
    }

    /// Adds to `set` the numbers of `seeds` and every position they reach by
    /// non-capturing legal moves, none played from a finished game.
    pub fn close(&self, set: &mut ClassSet, seeds: impl IntoIterator<Item = u64>) {
        let t = &self.prepared.tables;
        let mut stack: Vec<u64> = seeds.into_iter().filter(|&n| set.insert(n)).collect();
        while let Some(n) = stack.pop() {
            let pos = self.position(&self.index.element(n));
            if pos.outcome(t).is_some() {
                continue;
            }
            for mv in pos.legal_moves(t) {
                let mut next = pos.clone();
                next.play(t, mv);
                if let Some(m) = self.index.number_of(&next) {
                    if set.insert(m) {
                        stack.push(m);
                    }
                }
            }
        }
    }

    /// The whole check: entry candidates, U, and L. A witness in a class checked before
    /// (`known`) counts only if it lies in that class's U (else it is unreachable).
    /// L starts from the entry candidates with a witness in the lower set of a class
    /// checked before (reachable, so is what one legal move from it reaches), then
    /// grows by proof
    /// searches of `budget` on positions of U \ L that pass the necessary conditions,
    /// entry candidates first, until L == U or `max_failures` positions have failed.
    pub fn run(&self, budget: ProofBudget, max_failures: u64, known: &[&ClassRun]) -> ClassRun {
        let check = self.prepared.check();
        let (class_size, entries, proven) = self.entries_and_known_proofs(known);
        let mut upper = ClassSet::new(self.index.len());
        self.close(&mut upper, entries.iter());
        let mut lower = ClassSet::new(self.index.len());
        let proofs_known = proven.len() as u64;
        self.close(&mut lower, proven);
        let (searches, proofs) =
            self.grow_lower(&mut lower, [&entries, &upper], &check, budget, max_failures);
        let gap = upper.count_minus(&lower);
        let gap_by_reason = self.gap_by_reason(&upper, &lower, &check);
        let gap_rejected = gap_by_reason.iter().sum();
        let lower_inside_upper = lower.is_subset(&upper);
        let count = ClassCount {
            attackers: self.attackers,
            defenders: self.defenders,
            class_size,
            entry_candidates: entries.count(),
            upper: upper.count(),
            lower: lower.count(),
            gap,
            gap_rejected,
            gap_by_reason: IllegalReason::ALL
                .iter()
                .zip(gap_by_reason)
                .filter(|&(_, n)| n > 0)
                .map(|(r, n)| (r.key().to_owned(), n))
                .collect(),
            proofs_known,
            searches,
            proofs,
            exact: (gap == 0 && lower_inside_upper).then(|| lower.count()),
            exact_with_conditions: (gap == gap_rejected && lower_inside_upper)
                .then(|| lower.count()),
            lower_inside_upper,
        };
        ClassRun {
            index: self.index.clone(),
            entries,
            upper,
            lower,
            count,
        }
    }

    /// The class's size, its entry candidates (a witness in a class checked before,
    /// `known`, counts only inside that class's U), and those with a witness in such a
    /// class's L (reachable).
    fn entries_and_known_proofs(&self, known: &[&ClassRun]) -> (u64, ClassSet, Vec<u64>) {
        let mut class_size = 0;
        let mut entries = ClassSet::new(self.index.len());
        let mut proven = Vec::new();
        self.for_each(|n, e| {
            class_size += 1;
            let (mut entry, mut by_known) = (false, false);
            self.witnesses(e, &self.position(e), &mut |q, _| {
                // A witness in a class checked before counts only inside its U (which
                // holds every reachable position of that class).
                let seen = known
                    .iter()
                    .find_map(|k| k.index.number_of(q).map(|m| (k, m)));
                if seen.is_some_and(|(k, m)| !k.upper.contains(m)) {
                    return false;
                }
                entry = true;
                by_known = seen.is_some_and(|(k, m)| k.lower.contains(m));
                by_known || known.is_empty()
            });
            if entry {
                entries.insert(n);
            }
            if by_known {
                proven.push(n);
            }
        });
        (class_size, entries, proven)
    }

    /// Grows `lower` by proof searches of `budget` on the positions of `pools`, in
    /// order, that are outside it and pass the necessary conditions, until
    /// `max_failures` searches have failed; the searches run and the proofs found.
    fn grow_lower(
        &self,
        lower: &mut ClassSet,
        pools: [&ClassSet; 2],
        check: &IllegalCheck<'_>,
        budget: ProofBudget,
        max_failures: u64,
    ) -> (u64, u64) {
        let start = Position::start(&self.prepared.tables);
        let mut tried = ClassSet::new(self.index.len());
        let (mut searches, mut proofs, mut failures) = (0, 0, 0);
        for pool in pools {
            for n in pool.iter() {
                if failures >= max_failures {
                    break;
                }
                if lower.contains(n) || !tried.insert(n) {
                    continue;
                }
                let e = self.index.element(n);
                let pos = self.position(&e);
                if check.check(&pos).is_some() {
                    continue;
                }
                let (found, spent) = self.prove(&e, &pos, &start, budget);
                searches += spent;
                if found {
                    proofs += 1;
                    self.close(lower, [n]);
                } else {
                    failures += 1;
                }
            }
        }
        (searches, proofs)
    }

    /// Per condition of [`IllegalReason::ALL`], the positions of U \ L it rejects.
    fn gap_by_reason(
        &self,
        upper: &ClassSet,
        lower: &ClassSet,
        check: &IllegalCheck<'_>,
    ) -> [u64; IllegalReason::ALL.len()] {
        let mut gap_by_reason = [0u64; IllegalReason::ALL.len()];
        for n in upper.iter().filter(|&n| !lower.contains(n)) {
            if let Some(reason) = check.check(&self.position(&self.index.element(n))) {
                gap_by_reason[IllegalReason::ALL
                    .iter()
                    .position(|&r| r == reason)
                    .expect("listed")] += 1;
            }
        }
        gap_by_reason
    }

    /// Looks for a proof game of `pos` (the position of `e`): a search for `pos`
    /// itself, and one for each of up to [`WITNESS_SEARCHES`] witnesses that pass the
    /// necessary conditions, followed by the witness's move (a finished `pos`, which
    /// the search does not aim at, is tried through its witnesses first). Whatever is
    /// found counts only if it replays to `pos`. Answers whether one was found and how
    /// many searches were run.
    fn prove(
        &self,
        e: &Element,
        pos: &Position,
        start: &Position,
        budget: ProofBudget,
    ) -> (bool, u64) {
        let t = &self.prepared.tables;
        let check = self.prepared.check();
        let mut searches = 0;
        let direct = |searches: &mut u64| {
            *searches += 1;
            find_proof_game(t, start, pos, budget)
                .is_some_and(|g| verify_proof_game(t, start, pos, &g.moves).is_ok())
        };
        let finished = pos.outcome(t).is_some();
        if !finished && direct(&mut searches) {
            return (true, searches);
        }
        let mut left = WITNESS_SEARCHES;
        let via = self.witnesses(e, pos, &mut |q, mv| {
            if left == 0 || check.check(q).is_some() {
                return false;
            }
            left -= 1;
            searches += 1;
            find_proof_game(t, start, q, budget).is_some_and(|g| {
                let mut moves = g.moves;
                moves.push(mv);
                verify_proof_game(t, start, pos, &moves).is_ok()
            })
        });
        if via {
            return (true, searches);
        }
        (finished && direct(&mut searches), searches)
    }

    /// Runs the classifier (necessary conditions, then a proof search of `budget`) on
    /// the class's positions, each taken with probability `1 / every` (1: all) by a
    /// generator seeded with `seed`, and sets its verdicts against `run`'s sets.
    pub fn classifier_tally(
        &self,
        run: &ClassRun,
        budget: ProofBudget,
        every: u64,
        seed: u64,
    ) -> ClassifierTally {
        let t = &self.prepared.tables;
        let check = self.prepared.check();
        let start = Position::start(t);
        let mut rng = SplitMix64::new(seed);
        let mut tally = ClassifierTally::default();
        self.for_each(|n, e| {
            if every > 1 && rng.next_u64() % every != 0 {
                return;
            }
            let pos = self.position(e);
            tally.classified += 1;
            let (in_lower, in_upper) = (run.lower.contains(n), run.upper.contains(n));
            tally.in_lower += in_lower as u64;
            tally.in_upper += in_upper as u64;
            match classify(t, &check, &start, &pos, budget) {
                Legality::Legal(_) => {
                    tally.legal += 1;
                    tally.legal_outside_upper += !in_upper as u64;
                }
                Legality::Illegal(_) => {
                    tally.illegal += 1;
                    tally.illegal_inside_lower += in_lower as u64;
                }
                Legality::Undecided(_) => tally.undecided += 1,
            }
        });
        tally
    }
}

/// Calls `visit` with every `k`-subset of `items`, each in ascending order.
fn subsets(items: &[DenseSquare], k: usize, visit: &mut dyn FnMut(&[DenseSquare])) {
    fn go(
        items: &[DenseSquare],
        k: usize,
        from: usize,
        chosen: &mut Vec<DenseSquare>,
        visit: &mut dyn FnMut(&[DenseSquare]),
    ) {
        if chosen.len() == k {
            visit(chosen);
            return;
        }
        let need = k - chosen.len();
        for i in from..=items.len().saturating_sub(need) {
            if items.len() < need {
                break;
            }
            chosen.push(items[i]);
            go(items, k, i + 1, chosen, visit);
            chosen.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), visit);
}
