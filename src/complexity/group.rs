//! The symmetries a variant keeps: those of the board that map its special squares and
//! where each piece may stand onto themselves.

use super::spec::ComplexitySpec;
use crate::board::Symmetry;

/// The symmetries that map every special square set and every may-stand set onto
/// itself. Preserving a fixed labelling of the squares is closed under composition, so
/// these form a group; boards it maps onto each other are the same position.
pub fn symmetry_group(spec: &ComplexitySpec) -> Vec<Symmetry> {
    let dim = spec.dim();
    Symmetry::ALL
        .into_iter()
        .filter(|&symmetry| {
            (0..dim).all(|rank| {
                (0..dim).all(|file| {
                    let (to_file, to_rank) = symmetry.apply(dim, file, rank);
                    spec.may_stand(file, rank) == spec.may_stand(to_file, to_rank)
                        && spec.square_kinds(file, rank) == spec.square_kinds(to_file, to_rank)
                })
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::complexity::spec::StandMask;

    #[test]
    fn an_asymmetric_mask_shrinks_the_group() {
        let full = ComplexitySpec::throne_and_corners(5, 1, 1).unwrap();
        assert_eq!(symmetry_group(&full).len(), 8);
        let mut may_stand: Vec<StandMask> = (0..25).map(|i| full.may_stand(i % 5, i / 5)).collect();
        // Close b1 and d1 to attackers: only swapping left and right keeps that.
        may_stand[1] = StandMask::KING | StandMask::DEFENDER;
        may_stand[3] = StandMask::KING | StandMask::DEFENDER;
        let kinds: Vec<u8> = (0..25).map(|i| full.square_kinds(i % 5, i / 5)).collect();
        let spec = ComplexitySpec::new("t", 5, 1, 1, 3, may_stand.clone(), kinds.clone()).unwrap();
        assert_eq!(
            symmetry_group(&spec),
            vec![Symmetry::Identity, Symmetry::MirrorFiles]
        );
        may_stand[3] = StandMask::ALL;
        let spec = ComplexitySpec::new("t", 5, 1, 1, 3, may_stand, kinds).unwrap();
        assert_eq!(symmetry_group(&spec), vec![Symmetry::Identity]);
    }
}
