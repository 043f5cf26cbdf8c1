//! Reading a [`ComplexitySpec`] off parsed rules.

use super::spec::{ComplexitySpec, SpecError, StandMask};
use crate::board::{Piece, PieceKind, Side};
use crate::rules::Rules;

impl ComplexitySpec {
    /// The counting facts of a variant: the start's material, and where each class of
    /// piece (king, attackers, other defenders) may stand.
    ///
    /// A class may stand where any piece type of it in the start position may stop
    /// (re-entry ignored), or where one of its pieces starts: a king that may never
    /// return to the throne still begins on it. Taking "any type" of a side keeps the
    /// counts upper bounds when a side has several kinds (commanders, knights).
    pub fn from_rules(rules: &Rules) -> Result<ComplexitySpec, SpecError> {
        let dim = rules.dim();
        let start = rules.start();
        let kings = start.count(Side::Defenders, PieceKind::King)
            + start.count(Side::Attackers, PieceKind::King);
        if kings != 1 {
            return Err(SpecError::KingCount { kings });
        }
        let mut types: Vec<Piece> = start.pieces().map(|(_, p)| p).collect();
        types.sort_by_key(|p| p.type_index());
        types.dedup();
        let mut may_stand = Vec::with_capacity(dim * dim);
        let mut square_kinds = Vec::with_capacity(dim * dim);
        for rank in 0..dim {
            for file in 0..dim {
                let mut mask = types
                    .iter()
                    .filter(|piece| rules.may_stop(**piece, file, rank))
                    .fold(StandMask::NONE, |mask, piece| mask | StandMask::of(*piece));
                if let Some(piece) = start.piece_at(file, rank) {
                    mask = mask | StandMask::of(piece);
                }
                may_stand.push(mask);
                square_kinds.push(rules.square_kinds(file, rank));
            }
        }
        let attackers = start.count_side(Side::Attackers);
        let defenders =
            start.count_side(Side::Defenders) - start.count(Side::Defenders, PieceKind::King);
        let attackers = attackers - start.count(Side::Attackers, PieceKind::King);
        ComplexitySpec::new(
            display_name(rules),
            dim,
            attackers,
            defenders,
            types.len(),
            may_stand,
            square_kinds,
        )
    }
}

/// The catalog name when the rules are a catalog variant's, else the rules' own name.
fn display_name(rules: &Rules) -> String {
    crate::rules::catalog::VARIANTS
        .iter()
        .find(|v| &v.rules() == rules)
        .map(|v| v.name.to_owned())
        .unwrap_or_else(|| {
            if rules.name().is_empty() {
                "custom".to_owned()
            } else {
                rules.name().to_owned()
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::complexity::symmetry_group;
    use crate::rules::catalog;

    fn spec(name: &str) -> ComplexitySpec {
        ComplexitySpec::from_rules(&catalog::find(name).unwrap().rules()).unwrap()
    }

    #[test]
    fn copenhagen_is_the_throne_and_corners_shape() {
        let copenhagen = spec("copenhagen");
        assert_eq!(copenhagen.name(), "copenhagen");
        assert_eq!(
            (
                copenhagen.attackers(),
                copenhagen.defenders(),
                copenhagen.piece_kinds()
            ),
            (24, 12, 3)
        );
        let generic = ComplexitySpec::throne_and_corners(11, 24, 12).unwrap();
        for rank in 0..11 {
            for file in 0..11 {
                assert_eq!(
                    copenhagen.may_stand(file, rank),
                    generic.may_stand(file, rank),
                    "{file},{rank}"
                );
                assert_eq!(
                    copenhagen.square_kinds(file, rank),
                    generic.square_kinds(file, rank)
                );
            }
        }
    }

    #[test]
    fn tablut_king_keeps_his_throne_and_nobody_else_stops_there() {
        let tablut = spec("tablut");
        assert_eq!((tablut.attackers(), tablut.defenders()), (16, 8));
        assert_eq!(tablut.may_stand(4, 4), StandMask::KING);
        assert_eq!(tablut.may_stand(0, 0), StandMask::ALL);
    }

    #[test]
    fn alea_corners_are_two_by_two_and_the_group_is_full() {
        let alea = spec("alea-evangelii");
        assert_eq!(alea.dim(), 19);
        let king_only = (0..19 * 19)
            .filter(|i| alea.may_stand(i % 19, i / 19) == StandMask::KING)
            .count();
        assert_eq!(king_only, 17);
        assert_eq!(symmetry_group(&alea).len(), 8);
    }

    #[test]
    fn foteviken_forts_keep_the_full_group() {
        assert_eq!(symmetry_group(&spec("foteviken-tablut")).len(), 8);
    }
}
