//! Board geometry for boards of at most 25 cells (the tables' builder; the tuned search takes 16): neighbours,
//! the blank's moves, symmetries, input checks.

use super::error::PdbError;
pub(crate) use crate::rules::{PDB_MAX_CELLS, PDB_TABLE_MAX_CELLS};
use crate::sliding::{validate_tiles, Shape};

/// A board symmetry as a map from cell to cell (cells past the board's unused).
pub type CellMap = [u8; PDB_TABLE_MAX_CELLS];

/// A blank move, as an index: 0 = up, 1 = down, 2 = left, 3 = right (the direction the BLANK moves).
/// `code ^ 1` is the inverse move.
pub(crate) type DirCode = u8;

/// The shape of a board and the tables derived from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    width: u8,
    height: u8,
    /// For each cell, the bit mask of its neighbours.
    neighbours: [u32; PDB_TABLE_MAX_CELLS],
    /// For each cell, its blank moves `(direction, cell the blank moves to)`; unused slots are `NO_MOVE`.
    moves: [[(DirCode, u8); 4]; PDB_TABLE_MAX_CELLS],
    move_count: [u8; PDB_TABLE_MAX_CELLS],
}

impl Geometry {
    /// The geometry of a `width` x `height` board with at most 25 cells and at least 2 of each side.
    pub fn new(width: u8, height: u8) -> Result<Geometry, PdbError> {
        let cells = width as usize * height as usize;
        if width < 2 || height < 2 || cells > PDB_TABLE_MAX_CELLS {
            return Err(PdbError::UnsupportedSize { width, height });
        }
        let mut neighbours = [0u32; PDB_TABLE_MAX_CELLS];
        let mut moves = [[(0u8, 0u8); 4]; PDB_TABLE_MAX_CELLS];
        let mut move_count = [0u8; PDB_TABLE_MAX_CELLS];
        let (w, h) = (width as usize, height as usize);
        for cell in 0..cells {
            let (r, c) = (cell / w, cell % w);
            let mut add = |dir: DirCode, to: usize| {
                neighbours[cell] |= 1 << to;
                moves[cell][move_count[cell] as usize] = (dir, to as u8);
                move_count[cell] += 1;
            };
            if r > 0 {
                add(0, cell - w);
            }
            if r + 1 < h {
                add(1, cell + w);
            }
            if c > 0 {
                add(2, cell - 1);
            }
            if c + 1 < w {
                add(3, cell + 1);
            }
        }
        Ok(Geometry {
            width,
            height,
            neighbours,
            moves,
            move_count,
        })
    }

    /// The standard 4x4 board.
    pub fn fifteen() -> Geometry {
        match Geometry::new(4, 4) {
            Ok(g) => g,
            Err(_) => unreachable!("4x4 is a supported size"),
        }
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of cells, `width * height`.
    pub fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The mask with one bit per cell.
    pub(crate) fn all_cells(&self) -> u32 {
        ((1u64 << self.cells()) - 1) as u32
    }

    /// The bit mask of the cells next to `cell`.
    #[inline]
    pub(crate) fn neighbours(&self, cell: usize) -> u32 {
        self.neighbours[cell]
    }

    /// The blank's moves from `cell`: `(direction, destination cell)`.
    #[inline]
    pub(crate) fn moves(&self, cell: usize) -> &[(DirCode, u8)] {
        &self.moves[cell][..self.move_count[cell] as usize]
    }

    /// The Manhattan distance between two cells.
    pub fn manhattan(&self, a: usize, b: usize) -> u32 {
        let w = self.width as usize;
        let (ra, ca) = (a / w, a % w);
        let (rb, cb) = (b / w, b % w);
        (ra.abs_diff(rb) + ca.abs_diff(cb)) as u32
    }

    /// The board symmetries that map cell `fixed` to itself (besides the identity), as cell maps.
    ///
    /// On a square board: the transpose about the main diagonal if `fixed` lies on it, and the
    /// transpose about the anti-diagonal if `fixed` lies on that one. A symmetry of the board maps
    /// moves to moves, so it preserves distances; one that fixes the blank's goal cell lets the same
    /// pattern databases give a second, different lower bound (the "reflected lookup").
    pub fn symmetries_fixing(&self, fixed: usize) -> Vec<CellMap> {
        let mut out = Vec::new();
        if self.width != self.height {
            return out;
        }
        let n = self.width as usize;
        let (r, c) = (fixed / n, fixed % n);
        if r == c {
            out.push(self.cell_map(|r, c| (c, r)));
        }
        if r + c == n - 1 {
            out.push(self.cell_map(|r, c| (n - 1 - c, n - 1 - r)));
        }
        out
    }

    /// Every symmetry of the board as a cell map, the identity first: 8 on a square board, 4 otherwise.
    pub fn all_symmetries(&self) -> Vec<CellMap> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut out = vec![
            self.cell_map(|r, c| (r, c)),
            self.cell_map(|r, c| (r, w - 1 - c)),
            self.cell_map(|r, c| (h - 1 - r, c)),
            self.cell_map(|r, c| (h - 1 - r, w - 1 - c)),
        ];
        if w == h {
            out.push(self.cell_map(|r, c| (c, r)));
            out.push(self.cell_map(|r, c| (w - 1 - c, h - 1 - r)));
            out.push(self.cell_map(|r, c| (c, h - 1 - r)));
            out.push(self.cell_map(|r, c| (w - 1 - c, r)));
        }
        out
    }

    fn cell_map(&self, f: impl Fn(usize, usize) -> (usize, usize)) -> CellMap {
        let w = self.width as usize;
        let mut map = [0u8; PDB_TABLE_MAX_CELLS];
        for (cell, slot) in map.iter_mut().enumerate().take(self.cells()) {
            let (r, c) = f(cell / w, cell % w);
            *slot = (r * w + c) as u8;
        }
        map
    }

    /// The sliding module's name for this board size.
    pub fn shape(&self) -> Shape {
        Shape {
            width: self.width,
            height: self.height,
        }
    }

    /// Checks that `tiles` is a board of this geometry (the sliding module's one validator);
    /// `what` names it in the error ("start", "goal").
    pub fn check_tiles(&self, what: &'static str, tiles: &[u8]) -> Result<(), PdbError> {
        validate_tiles(self.shape(), tiles).map_err(|e| PdbError::BadBoard {
            what,
            reason: e.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_neighbours_agree() {
        let g = Geometry::fifteen();
        assert_eq!(g.cells(), 16);
        assert_eq!(g.moves(0), &[(1, 4), (3, 1)]);
        assert_eq!(g.moves(5).len(), 4);
        for cell in 0..16 {
            let mask = g.moves(cell).iter().fold(0u32, |m, &(_, to)| m | 1 << to);
            assert_eq!(mask, g.neighbours(cell));
            for &(dir, to) in g.moves(cell) {
                // The inverse move comes back.
                assert!(g.moves(to as usize).contains(&(dir ^ 1, cell as u8)));
            }
        }
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert!(Geometry::new(1, 4).is_err());
        assert!(Geometry::new(6, 5).is_err());
        assert!(Geometry::new(5, 5).is_ok());
        assert!(Geometry::new(2, 8).is_ok());
    }

    #[test]
    fn symmetries_fix_the_cell_and_preserve_adjacency() {
        let g = Geometry::fifteen();
        assert_eq!(g.symmetries_fixing(0).len(), 1);
        assert_eq!(g.symmetries_fixing(5).len(), 1);
        assert_eq!(g.symmetries_fixing(3).len(), 1);
        assert_eq!(g.symmetries_fixing(1).len(), 0);
        let three = Geometry::new(3, 3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(three.symmetries_fixing(4).len(), 2);
        assert_eq!(g.all_symmetries().len(), 8);
        assert_eq!(
            Geometry::new(3, 4).map(|g| g.all_symmetries().len()).ok(),
            Some(4)
        );
        for sym in g.all_symmetries() {
            for a in 0..16 {
                for b in 0..16 {
                    let adjacent = g.neighbours(a) & (1 << b) != 0;
                    let mapped = g.neighbours(sym[a] as usize) & (1 << sym[b]) != 0;
                    assert_eq!(adjacent, mapped);
                }
            }
        }
    }

    #[test]
    fn bad_boards_are_explained() {
        let g = Geometry::new(2, 2).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.check_tiles("start", &[0, 1, 2, 3]).is_ok());
        assert!(g.check_tiles("start", &[0, 1, 2]).is_err());
        assert!(g.check_tiles("start", &[0, 1, 1, 3]).is_err());
        assert!(g.check_tiles("start", &[0, 1, 2, 4]).is_err());
    }
}
