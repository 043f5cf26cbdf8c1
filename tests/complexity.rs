//! The counting checked against independent sources: boards enumerated one by one and
//! canonicalised under the symmetries (no Burnside), closed forms worked by hand, and
//! the published figures.

use std::collections::{HashMap, HashSet};

use num_bigint::BigUint;
use num_traits::{One, Zero};
use taflcount::complexity::{
    count_material, fixed_boards, naive, placements, side_split, symmetry_group, ComplexityReport,
    ComplexitySpec, StandMask,
};
use taflcount::rules::catalog;

const EMPTY: u8 = 0;
const KING: u8 = 1;
const ATTACKER: u8 = 2;
const DEFENDER: u8 = 3;

type SquareMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;
/// Boards (or orbits) per (attackers, defenders).
type CountsByMaterial = HashMap<(usize, usize), u64>;

/// The eight maps of the square onto itself, written out here rather than borrowed from
/// the library, as plain coordinate formulas.
fn square_maps(dim: usize) -> Vec<SquareMap> {
    let n = dim - 1;
    vec![
        Box::new(|x, y| (x, y)),
        Box::new(move |x, y| (y, n - x)),
        Box::new(move |x, y| (n - x, n - y)),
        Box::new(move |x, y| (n - y, x)),
        Box::new(move |x, y| (n - x, y)),
        Box::new(move |x, y| (x, n - y)),
        Box::new(|x, y| (y, x)),
        Box::new(move |x, y| (n - y, n - x)),
    ]
}

fn allowed(spec: &ComplexitySpec, square: usize, piece: u8) -> bool {
    let dim = spec.dim();
    let mask = spec.may_stand(square % dim, square / dim);
    match piece {
        KING => mask.contains(StandMask::KING),
        ATTACKER => mask.contains(StandMask::ATTACKER),
        DEFENDER => mask.contains(StandMask::DEFENDER),
        _ => true,
    }
}

/// Square permutations (as index maps) that keep every square's may-stand set and
/// special kinds.
fn kept_permutations(spec: &ComplexitySpec) -> Vec<Vec<usize>> {
    let dim = spec.dim();
    square_maps(dim)
        .into_iter()
        .map(|map| {
            (0..dim * dim)
                .map(|i| {
                    let (x, y) = map(i % dim, i / dim);
                    y * dim + x
                })
                .collect::<Vec<usize>>()
        })
        .filter(|perm| {
            (0..dim * dim).all(|i| {
                let j = perm[i];
                spec.may_stand(i % dim, i / dim) == spec.may_stand(j % dim, j / dim)
                    && spec.square_kinds(i % dim, i / dim) == spec.square_kinds(j % dim, j / dim)
            })
        })
        .collect()
}

/// Every legal board, one at a time: exactly one king, at most the starting number of
/// attackers and defenders, each piece where its kind may stand.
fn enumerate(spec: &ComplexitySpec) -> Vec<Vec<u8>> {
    fn go(
        spec: &ComplexitySpec,
        board: &mut Vec<u8>,
        kings: usize,
        a: usize,
        d: usize,
        out: &mut Vec<Vec<u8>>,
    ) {
        let square = board.len();
        if square == spec.cells() {
            if kings == 1 {
                out.push(board.clone());
            }
            return;
        }
        for piece in [EMPTY, KING, ATTACKER, DEFENDER] {
            let fits = match piece {
                KING => kings == 0,
                ATTACKER => a < spec.attackers(),
                DEFENDER => d < spec.defenders(),
                _ => true,
            };
            if fits && allowed(spec, square, piece) {
                board.push(piece);
                go(
                    spec,
                    board,
                    kings + usize::from(piece == KING),
                    a + usize::from(piece == ATTACKER),
                    d + usize::from(piece == DEFENDER),
                    out,
                );
                board.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(spec, &mut Vec::new(), 0, 0, 0, &mut out);
    out
}

/// Boards and orbits per (attackers, defenders), by enumeration and canonical forms.
fn brute_force(spec: &ComplexitySpec) -> (CountsByMaterial, CountsByMaterial) {
    let perms = kept_permutations(spec);
    let mut raw = HashMap::new();
    let mut canonical: HashMap<(usize, usize), HashSet<Vec<u8>>> = HashMap::new();
    for board in enumerate(spec) {
        let a = board.iter().filter(|&&p| p == ATTACKER).count();
        let d = board.iter().filter(|&&p| p == DEFENDER).count();
        *raw.entry((a, d)).or_insert(0u64) += 1;
        let least = perms
            .iter()
            .map(|perm| {
                let mut image = vec![EMPTY; board.len()];
                for (i, &piece) in board.iter().enumerate() {
                    image[perm[i]] = piece;
                }
                image
            })
            .min()
            .unwrap();
        canonical.entry((a, d)).or_default().insert(least);
    }
    let orbits = canonical
        .into_iter()
        .map(|(k, set)| (k, set.len() as u64))
        .collect();
    (raw, orbits)
}

fn check_against_brute_force(spec: &ComplexitySpec, expected_group: usize) {
    let (raw, orbits) = brute_force(spec);
    assert_eq!(kept_permutations(spec).len(), expected_group);
    let counts = count_material(spec);
    assert_eq!(counts.group.len(), expected_group);
    let mut raw_total = 0u64;
    let mut orbit_total = 0u64;
    for a in 0..=spec.attackers() {
        for d in 0..=spec.defenders() {
            let want_raw = raw.get(&(a, d)).copied().unwrap_or(0);
            let want_orbits = orbits.get(&(a, d)).copied().unwrap_or(0);
            raw_total += want_raw;
            orbit_total += want_orbits;
            assert_eq!(
                *counts.raw.get(a, d),
                BigUint::from(want_raw),
                "raw, {a} attackers, {d} defenders"
            );
            assert_eq!(
                *counts.up_to_symmetry.get(a, d),
                BigUint::from(want_orbits),
                "orbits, {a} attackers, {d} defenders"
            );
        }
    }
    // The report's bounds are built from the same tables: material counts both sides to move.
    let report = ComplexityReport::compute(spec, &[]);
    let value = |name: &str| report.bound(name).unwrap().value.clone();
    assert_eq!(value("material"), BigUint::from(2 * raw_total));
    assert_eq!(
        value("material_up_to_symmetry"),
        BigUint::from(2 * orbit_total)
    );
    let start = (spec.attackers(), spec.defenders());
    assert_eq!(value("start_material"), BigUint::from(raw[&start]));
    assert_eq!(
        value("start_material_up_to_symmetry"),
        BigUint::from(orbits[&start])
    );
}

fn with_masks(
    dim: usize,
    attackers: usize,
    defenders: usize,
    edit: impl Fn(&mut [StandMask], &mut [u8]),
) -> ComplexitySpec {
    let base = ComplexitySpec::throne_and_corners(dim, 0, 0).unwrap();
    let mut masks: Vec<StandMask> = (0..dim * dim)
        .map(|i| base.may_stand(i % dim, i / dim))
        .collect();
    let mut kinds: Vec<u8> = (0..dim * dim)
        .map(|i| base.square_kinds(i % dim, i / dim))
        .collect();
    edit(&mut masks, &mut kinds);
    ComplexitySpec::new("test", dim, attackers, defenders, 3, masks, kinds).unwrap()
}

#[test]
fn three_by_three_matches_enumeration() {
    check_against_brute_force(&ComplexitySpec::throne_and_corners(3, 1, 1).unwrap(), 8);
    check_against_brute_force(&ComplexitySpec::throne_and_corners(3, 2, 2).unwrap(), 8);
    // Everything open to everyone: no king-only squares at all.
    check_against_brute_force(&with_masks(3, 3, 2, |m, _| m.fill(StandMask::ALL)), 8);
}

#[test]
fn five_by_five_matches_enumeration() {
    check_against_brute_force(&ComplexitySpec::throne_and_corners(5, 2, 2).unwrap(), 8);
    check_against_brute_force(&ComplexitySpec::throne_and_corners(5, 3, 1).unwrap(), 8);
}

#[test]
fn smaller_groups_match_enumeration() {
    // Attacker forts on a3 and e3 that defenders may not enter: the half-turn and both
    // mirrors survive, the quarter turns and diagonals do not.
    let forts = with_masks(5, 2, 2, |m, k| {
        for i in [10, 14] {
            m[i] = StandMask::KING | StandMask::ATTACKER;
            k[i] = 4;
        }
    });
    check_against_brute_force(&forts, 4);
    // b1 and d1 closed to attackers: only left-right mirroring survives.
    let mirror = with_masks(5, 2, 1, |m, _| {
        m[1] = StandMask::KING | StandMask::DEFENDER;
        m[3] = StandMask::KING | StandMask::DEFENDER;
    });
    check_against_brute_force(&mirror, 2);
    // Only b1 closed: nothing but the identity.
    let lopsided = with_masks(5, 2, 2, |m, _| m[1] = StandMask::KING | StandMask::DEFENDER);
    check_against_brute_force(&lopsided, 1);
    // The king barred from the edges (a king that may never escape, say): fixed
    // points of the mirrors are fewer for him than for the others.
    let inland_king = with_masks(5, 2, 1, |m, _| {
        for (i, mask) in m.iter_mut().enumerate() {
            let (x, y) = (i % 5, i / 5);
            if (x == 0 || y == 0 || x == 4 || y == 4) && *mask == StandMask::ALL {
                *mask = StandMask::ATTACKER | StandMask::DEFENDER;
            }
        }
    });
    check_against_brute_force(&inland_king, 8);
}

#[test]
fn burnside_sums_divide_by_the_group_order_for_every_catalog_variant() {
    for variant in catalog::VARIANTS {
        let spec = ComplexitySpec::from_rules(&variant.rules()).unwrap();
        let group = symmetry_group(&spec);
        let tables: Vec<_> = group.iter().map(|&g| fixed_boards(&spec, g)).collect();
        for a in 0..=spec.attackers() {
            for d in 0..=spec.defenders() {
                let sum: BigUint = tables.iter().map(|t| t.get(a, d)).sum();
                assert!((sum % group.len()).is_zero(), "{} at {a}/{d}", variant.name);
            }
        }
    }
}

fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let mut r = BigUint::one();
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// Material on a board where `special` squares take only the king and the rest take
/// anyone: the king on a special square leaves all `free` squares, on a free square
/// one fewer; then choose the attackers' squares and the defenders' among the rest.
fn material_by_hand(cells: u64, special: u64, attackers: u64, defenders: u64) -> BigUint {
    let free = cells - special;
    let mut total = BigUint::zero();
    for a in 0..=attackers {
        for d in 0..=defenders {
            total += binomial(free, a) * binomial(free - a, d) * special;
            total += binomial(free - 1, a) * binomial(free - 1 - a, d) * free;
        }
    }
    total * 2u32
}

#[test]
fn catalog_material_matches_the_closed_form() {
    for (name, special) in [
        ("copenhagen", 5),
        ("brandub", 5),
        ("tablut", 1),
        ("alea-evangelii", 17),
    ] {
        let spec = ComplexitySpec::from_rules(&catalog::find(name).unwrap().rules()).unwrap();
        let report = ComplexityReport::compute(&spec, &[]);
        let want = material_by_hand(
            spec.cells() as u64,
            special,
            spec.attackers() as u64,
            spec.defenders() as u64,
        );
        assert_eq!(report.bound("material").unwrap().value, want, "{name}");
    }
}

#[test]
fn essay_formulas_match_subset_enumeration_on_three_by_three() {
    // placements: occupied sets of size 3..=P; side_split: for each such set S, each
    // nonempty proper subset T (one side) counted |T| times (which of them is king).
    for pieces in 3..=9u32 {
        let mut occupied = 0u64;
        let mut split = 0u64;
        for set in 0u32..(1 << 9) {
            let size = set.count_ones();
            if !(3..=pieces).contains(&size) {
                continue;
            }
            occupied += 1;
            let mut sub = (set - 1) & set;
            while sub != 0 {
                split += u64::from(sub.count_ones());
                sub = (sub - 1) & set;
            }
        }
        assert_eq!(placements(9, pieces as usize), BigUint::from(occupied));
        assert_eq!(side_split(9, pieces as usize), BigUint::from(split));
    }
    assert_eq!(naive(9, 3), BigUint::from(4u64.pow(9)));
}

fn report(name: &str) -> ComplexityReport {
    let spec = ComplexitySpec::from_rules(&catalog::find(name).unwrap().rules()).unwrap();
    ComplexityReport::compute(&spec, &[])
}

#[test]
fn the_essay_figures_come_out_within_their_rounding() {
    let copenhagen = report("copenhagen");
    let scientific = |name: &str| copenhagen.bound(name).unwrap().scientific.clone();
    assert_eq!(scientific("naive"), "7.07e72"); // 4^121 ≈ 7×10^72
    assert_eq!(scientific("placements"), "3.08e31"); // ≈ 3×10^31
    assert_eq!(scientific("side_split_quarter"), "1.43e43"); // ≈ 1.4×10^43
    let rows: HashMap<&str, _> = copenhagen
        .published
        .iter()
        .map(|r| (r.claim.as_str(), r))
        .collect();
    for claim in ["7e72", "3e31", "1.4e43"] {
        assert!(rows[claim].within_rounding, "{claim}");
        assert!(rows[claim].log10_difference.abs() < 0.05, "{claim}");
    }
    // The game tree is not: 80·log10(88) = 155.56, the essay says 167.
    let tree = &copenhagen.game_tree[0];
    assert_eq!((tree.branching, tree.length), (88.0, 80.0));
    assert!((tree.log10 - 155.559).abs() < 1e-3);
    assert!(!rows["1e167"].within_rounding);
    assert!((rows["1e167"].log10_difference - 11.441).abs() < 1e-3);
}

#[test]
fn the_brandub_figures_are_reported_as_off() {
    let brandub = report("brandub");
    let rows: HashMap<&str, _> = brandub
        .published
        .iter()
        .map(|r| (r.claim.as_str(), r))
        .collect();
    // 4.4e15 is the essay's side-split formula on 7x7, 4.155e15: it does not round to 4.4.
    let quarter = &rows["4.4e15"];
    assert_eq!(quarter.bound, "side_split_quarter");
    assert_eq!(quarter.exact, "4.16e15");
    assert!(!quarter.within_rounding);
    assert!((quarter.log10_difference - (4.4f64 / 4.155006).log10()).abs() < 1e-3);
    // 1.3e36 exceeds 4^49, the count of every 7x7 board.
    let naive_row = &rows["1.3e36"];
    assert_eq!(naive_row.bound, "naive");
    assert!(naive_row.log10_difference > 6.0);
    assert_eq!(
        brandub.bound("naive").unwrap().value,
        BigUint::from(4u32).pow(49u32)
    );
}
