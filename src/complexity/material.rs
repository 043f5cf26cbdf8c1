//! Counting boards of a given material exactly, raw and up to symmetry (Burnside).
//!
//! A board holds exactly one king, `a` attackers and `d` defenders, each on a square
//! where its kind may stand. For a symmetry `g`, the boards `g` maps onto themselves are
//! those coloured uniformly along every cycle of `g` on the squares, each cycle with a
//! kind allowed on all of its squares. So the fixed boards are the coefficients of a
//! product over cycles of `(1 + k·[king] + x^len·[attacker] + y^len·[defender])`, the
//! king term only on cycles of length 1 (a longer cycle would hold several kings).
//! Burnside's lemma: orbits = (sum over the group of fixed boards) / group order.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::group::symmetry_group;
use super::spec::{ComplexitySpec, StandMask};
use crate::board::Symmetry;

/// Boards with one king and exactly `a` attackers and `d` defenders, for every
/// `a <= attackers`, `d <= defenders`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialTable {
    attackers: usize,
    defenders: usize,
    counts: Vec<BigUint>,
}

impl MaterialTable {
    /// Boards with exactly `attackers` attackers and `defenders` defenders.
    pub fn get(&self, attackers: usize, defenders: usize) -> &BigUint {
        &self.counts[attackers * (self.defenders + 1) + defenders]
    }

    /// Boards with any material up to the maximum.
    pub fn total(&self) -> BigUint {
        self.counts.iter().sum()
    }
}

/// The raw counts, the counts up to symmetry and the group used.
#[derive(Clone, Debug)]
pub struct MaterialCounts {
    /// The count of every board.
    pub raw: MaterialTable,
    /// The count with boards that a symmetry of `group` maps onto each other counted once.
    pub up_to_symmetry: MaterialTable,
    /// The symmetries the variant keeps ([`symmetry_group`](super::symmetry_group)).
    pub group: Vec<Symmetry>,
}

/// Counts boards of every material up to the starting one, raw and up to the
/// symmetries that the variant keeps.
pub fn count_material(spec: &ComplexitySpec) -> MaterialCounts {
    let group = symmetry_group(spec);
    let mut raw = None;
    let mut burnside_sum: Option<Vec<BigUint>> = None;
    for &symmetry in &group {
        let fixed = fixed_boards(spec, symmetry);
        burnside_sum = Some(match burnside_sum {
            None => fixed.counts.clone(),
            Some(mut sum) => {
                sum.iter_mut().zip(&fixed.counts).for_each(|(s, f)| *s += f);
                sum
            }
        });
        if symmetry == Symmetry::Identity {
            raw = Some(fixed);
        }
    }
    let raw = raw.expect("the identity keeps every variant");
    let order = BigUint::from(group.len());
    let orbits = burnside_sum
        .expect("the group is never empty")
        .into_iter()
        .map(|sum| {
            // Burnside's lemma makes this exact; a remainder means a broken group or
            // a miscounted cycle, never bad input.
            assert!(
                (&sum % &order).is_zero(),
                "Burnside sum {sum} is not divisible by the group order {order}"
            );
            sum / &order
        })
        .collect();
    MaterialCounts {
        up_to_symmetry: MaterialTable {
            attackers: raw.attackers,
            defenders: raw.defenders,
            counts: orbits,
        },
        raw,
        group,
    }
}

/// The boards (one king, any material up to the start's) that `symmetry` maps onto
/// themselves; for the identity, all boards.
pub fn fixed_boards(spec: &ComplexitySpec, symmetry: Symmetry) -> MaterialTable {
    let mut classes: BTreeMap<(usize, StandMask), usize> = BTreeMap::new();
    let may_stand = spec.may_stand_by_index();
    for cycle in symmetry.cycles(spec.dim()) {
        let mut mask = cycle
            .iter()
            .fold(StandMask::ALL, |m, &sq| m & may_stand[sq]);
        if cycle.len() > 1 {
            mask = mask.without(StandMask::KING);
        }
        if !mask.is_empty() {
            *classes.entry((cycle.len(), mask)).or_default() += 1;
        }
    }
    // The largest class is expanded in closed form (cheap: no table yet to convolve
    // with); the few remaining cycles are multiplied in one at a time.
    let mut classes: Vec<(CycleClass, usize)> = classes
        .into_iter()
        .map(|((length, mask), count)| (CycleClass { length, mask }, count))
        .collect();
    classes.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
    let mut table = KingTable::new(spec.attackers(), spec.defenders());
    let mut classes = classes.into_iter();
    match classes.next() {
        Some((class, count)) => table.fill_with_class(class, count),
        None => table.set_empty_board(),
    }
    for (class, count) in classes {
        for _ in 0..count {
            table.multiply_by_cycle(class);
        }
    }
    table.with_one_king()
}

/// Cycles of one length on which the same kinds may stand.
#[derive(Clone, Copy, Debug)]
struct CycleClass {
    length: usize,
    mask: StandMask,
}

/// Coefficients of `k^kings x^a y^d` for kings in 0..=1.
struct KingTable {
    attackers: usize,
    defenders: usize,
    counts: Vec<BigUint>,
}

impl KingTable {
    fn new(attackers: usize, defenders: usize) -> KingTable {
        KingTable {
            attackers,
            defenders,
            counts: vec![BigUint::zero(); 2 * (attackers + 1) * (defenders + 1)],
        }
    }

    fn index(&self, kings: usize, attackers: usize, defenders: usize) -> usize {
        (kings * (self.attackers + 1) + attackers) * (self.defenders + 1) + defenders
    }

    fn set_empty_board(&mut self) {
        let i = self.index(0, 0, 0);
        self.counts[i] = BigUint::one();
    }

    /// The table of `count` cycles of one class alone: choosing which cycles hold the
    /// king, attackers and defenders is a multinomial coefficient.
    fn fill_with_class(&mut self, class: CycleClass, count: usize) {
        let max_kings = usize::from(class.length == 1 && class.mask.contains(StandMask::KING));
        let max_attacker_cycles = if class.mask.contains(StandMask::ATTACKER) {
            self.attackers / class.length
        } else {
            0
        };
        let max_defender_cycles = if class.mask.contains(StandMask::DEFENDER) {
            self.defenders / class.length
        } else {
            0
        };
        for kings in 0..=max_kings.min(count) {
            let after_king = count - kings;
            for a in 0..=max_attacker_cycles.min(after_king) {
                let chosen = binomial(count, kings) * binomial(after_king, a);
                let free = after_king - a;
                let mut defender_ways = BigUint::one();
                for d in 0..=max_defender_cycles.min(free) {
                    if d > 0 {
                        defender_ways = defender_ways * (free - d + 1) / d;
                    }
                    let i = self.index(kings, a * class.length, d * class.length);
                    self.counts[i] = &chosen * &defender_ways;
                }
            }
        }
    }

    /// Multiplies in one more cycle: it stays empty or holds one kind throughout.
    /// Descending order reads each source before it is updated.
    fn multiply_by_cycle(&mut self, class: CycleClass) {
        let len = class.length;
        let king = len == 1 && class.mask.contains(StandMask::KING);
        let attacker = class.mask.contains(StandMask::ATTACKER);
        let defender = class.mask.contains(StandMask::DEFENDER);
        for kings in (0..=1).rev() {
            for a in (0..=self.attackers).rev() {
                for d in (0..=self.defenders).rev() {
                    let target = self.index(kings, a, d);
                    let mut added = BigUint::zero();
                    if king && kings == 1 {
                        added += &self.counts[self.index(0, a, d)];
                    }
                    if attacker && a >= len {
                        added += &self.counts[self.index(kings, a - len, d)];
                    }
                    if defender && d >= len {
                        added += &self.counts[self.index(kings, a, d - len)];
                    }
                    if !added.is_zero() {
                        self.counts[target] += added;
                    }
                }
            }
        }
    }

    fn with_one_king(self) -> MaterialTable {
        let start = self.index(1, 0, 0);
        MaterialTable {
            attackers: self.attackers,
            defenders: self.defenders,
            counts: self.counts[start..].to_vec(),
        }
    }
}

/// C(n, k), exactly.
pub fn binomial(n: usize, k: usize) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    let mut result = BigUint::one();
    for i in 0..k {
        result = result * (n - i) / (i + 1);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_by_hand() {
        assert_eq!(binomial(5, 2), BigUint::from(10u32));
        assert_eq!(binomial(49, 6), BigUint::from(13_983_816u32));
        assert_eq!(binomial(3, 4), BigUint::zero());
        assert_eq!(binomial(0, 0), BigUint::one());
    }

    /// 3x3, throne and corners king-only, one attacker and one defender. Worked by
    /// hand: the king on one of the 5 special squares leaves 4x3 = 12 placements, on
    /// one of the 4 edge midpoints 3x2 = 6: 5·12 + 4·6 = 84. Up to symmetry: king in
    /// the centre, the two pieces adjacent or opposite (2); king in a corner, whose
    /// stabiliser (a diagonal reflection) fixes no edge midpoint: 12/2 = 6; king on an
    /// edge midpoint, stabiliser a mirror fixing only the opposite midpoint: 6/2 = 3.
    /// 2 + 6 + 3 = 11. Fixed boards: identity 84, the two mirrors through the centre
    /// 2 each (king in the centre, the pieces on the fixed midpoints), others 0:
    /// 88 = 8 · 11.
    #[test]
    fn three_by_three_worked_by_hand() {
        let spec = ComplexitySpec::throne_and_corners(3, 1, 1).unwrap();
        let counts = count_material(&spec);
        assert_eq!(counts.group.len(), 8);
        assert_eq!(*counts.raw.get(1, 1), BigUint::from(84u32));
        assert_eq!(*counts.up_to_symmetry.get(1, 1), BigUint::from(11u32));
        let fixed = |s| fixed_boards(&spec, s).get(1, 1).clone();
        assert_eq!(fixed(Symmetry::MirrorFiles), BigUint::from(2u32));
        assert_eq!(fixed(Symmetry::MirrorRanks), BigUint::from(2u32));
        assert_eq!(fixed(Symmetry::Diagonal), BigUint::zero());
        assert_eq!(fixed(Symmetry::Rotate90), BigUint::zero());
        // All materials: king on a special square, 4 free squares: 1 + 4 + 4 + 12 = 21;
        // king on a free square, 3 left: 1 + 3 + 3 + 6 = 13. 5·21 + 4·13 = 157.
        assert_eq!(counts.raw.total(), BigUint::from(157u32));
    }

    #[test]
    fn closed_form_and_cycle_by_cycle_agree() {
        // Force every class through the cycle-by-cycle path and compare.
        let spec = ComplexitySpec::throne_and_corners(7, 5, 3).unwrap();
        for symmetry in Symmetry::ALL {
            let fast = fixed_boards(&spec, symmetry);
            let mut slow = KingTable::new(5, 3);
            slow.set_empty_board();
            for cycle in symmetry.cycles(7) {
                let mut mask = cycle
                    .iter()
                    .fold(StandMask::ALL, |m, &sq| m & spec.may_stand_by_index()[sq]);
                if cycle.len() > 1 {
                    mask = mask.without(StandMask::KING);
                }
                slow.multiply_by_cycle(CycleClass {
                    length: cycle.len(),
                    mask,
                });
            }
            assert_eq!(fast, slow.with_one_king(), "{symmetry:?}");
        }
    }
}
