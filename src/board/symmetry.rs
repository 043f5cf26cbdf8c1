//! The eight symmetries of the square board (the dihedral group of order 8): one type
//! for the complexity counts (Burnside's lemma) and for positions (perft invariance).

use super::Square;

/// One of the eight symmetries of a square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every square stays put.
    Identity,
    /// A quarter turn that takes a1 to the bottom-right corner (rank 1 at the bottom).
    Rotate90,
    /// A half turn: a1 and the top-right corner swap.
    Rotate180,
    /// Three quarter turns, the inverse of `Rotate90`: a1 goes to the top-left corner.
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
    /// All eight, the identity first.
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

    /// Where `square` goes on a `dim`-sided board.
    pub fn square(self, dim: usize, square: Square) -> Square {
        let (file, rank) = self.apply(dim, square.file(), square.rank());
        Square::new(file, rank)
    }

    /// The name used in reports: `rotate-90`, `mirror-files`...
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
    pub fn cycles(self, dim: usize) -> Vec<Vec<usize>> {
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
                let here = Square::from_dense(square, dim);
                let (file, rank) = self.apply(dim, here.file(), here.rank());
                square = Square::new(file, rank).dense(dim);
            }
            cycles.push(cycle);
        }
        cycles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
