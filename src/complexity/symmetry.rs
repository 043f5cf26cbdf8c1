//! The symmetries of the square board (the dihedral group of order 8) and the ones a
//! variant keeps.

use super::spec::ComplexitySpec;

/// One of the eight symmetries of a square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    /// Left and right swap.
    MirrorFiles,
    /// Top and bottom swap.
    MirrorRanks,
    /// Reflection in the a1 to the top-right corner diagonal.
    Diagonal,
    /// Reflection in the other diagonal.
    AntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorFiles,
        Symmetry::MirrorRanks,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// Where the square (`file`, `rank`) of a `dim`-sided board goes.
    pub fn apply(self, dim: usize, file: usize, rank: usize) -> (usize, usize) {
        let last = dim - 1;
        match self {
            Symmetry::Identity => (file, rank),
            Symmetry::Rotate90 => (last - rank, file),
            Symmetry::Rotate180 => (last - file, last - rank),
            Symmetry::Rotate270 => (rank, last - file),
            Symmetry::MirrorFiles => (last - file, rank),
            Symmetry::MirrorRanks => (file, last - rank),
            Symmetry::Diagonal => (rank, file),
            Symmetry::AntiDiagonal => (last - rank, last - file),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::MirrorFiles => "mirror-files",
            Symmetry::MirrorRanks => "mirror-ranks",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The orbits of this symmetry on the squares (indices `rank * dim + file`).
    pub(crate) fn cycles(self, dim: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; dim * dim];
        let mut cycles = Vec::new();
        for start in 0..dim * dim {
            if seen[start] {
                continue;
            }
            let mut cycle = Vec::new();
            let mut square = start;
            while !seen[square] {
                seen[square] = true;
                cycle.push(square);
                let (file, rank) = self.apply(dim, square % dim, square / dim);
                square = rank * dim + file;
            }
            cycles.push(cycle);
        }
        cycles
    }
}

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
    fn cycle_lengths_on_an_odd_board() {
        // 5x5: a rotation by a quarter turn fixes the centre and moves the rest in fours.
        let lengths = |s: Symmetry| {
            let mut l: Vec<usize> = s.cycles(5).iter().map(Vec::len).collect();
            l.sort();
            l
        };
        assert_eq!(lengths(Symmetry::Rotate90), [vec![1], vec![4; 6]].concat());
        assert_eq!(
            lengths(Symmetry::Rotate180),
            [vec![1], vec![2; 12]].concat()
        );
        assert_eq!(
            lengths(Symmetry::Diagonal),
            [vec![1; 5], vec![2; 10]].concat()
        );
        assert_eq!(lengths(Symmetry::Identity), vec![1; 25]);
    }

    #[test]
    fn every_symmetry_is_a_permutation_and_rotations_compose() {
        for s in Symmetry::ALL {
            let covered: usize = s.cycles(7).iter().map(Vec::len).sum();
            assert_eq!(covered, 49);
        }
        let (f, r) = Symmetry::Rotate90.apply(7, 1, 5);
        let (f, r) = Symmetry::Rotate90.apply(7, f, r);
        assert_eq!((f, r), Symmetry::Rotate180.apply(7, 1, 5));
    }

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
