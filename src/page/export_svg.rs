//! A picture of a position as a standalone SVG document, drawn from the state: the page shows boards and pegs as
//! HTML (so that tiles and disks can be dragged and animated), so their export is drawn here instead, in the page's
//! light colours, with every style inline (it renders alone, and in a canvas for PNG).

use solver::hanoi::peg_letter;
use solver::query::PuzzleSpec;
use std::fmt::Write;

/// The page's light-theme colours (static/style.css `:root`).
const BOARD: &str = "#d9dcef";
const TILE: &str = "#4f48df";
const TILE_HOME: &str = "#1d9160";
const BLANK: &str = "#a3a8c0";
const WOOD: &str = "#9a7651";
const MUTED: &str = "#6b7080";
const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/// The SVG document of `position` (tiles row-major with 0 the blank, or each disk's peg) of `puzzle`: tiles already
/// home in green as on the page. Each tile is a `<g data-tile="N">` with its number as text, each disk a
/// `<g data-disk="D" data-peg="P">`.
pub fn position_svg(puzzle: &PuzzleSpec, position: &[u8]) -> String {
    match puzzle {
        PuzzleSpec::Sliding {
            width,
            height,
            goal,
            ..
        } => board_svg(usize::from(*width), usize::from(*height), position, goal),
        PuzzleSpec::Hanoi { pegs, .. } => pegs_svg(usize::from(*pegs).max(1), position),
    }
}

fn board_svg(w: usize, h: usize, tiles: &[u8], goal: &[u8]) -> String {
    const CELL: usize = 64;
    const GAP: usize = 6;
    let (width, height) = (w * CELL + (w + 1) * GAP, h * CELL + (h + 1) * GAP);
    let mut svg = open(width, height, &format!("{w}x{h} sliding puzzle"));
    let _ = write!(
        svg,
        r#"<rect width="{width}" height="{height}" rx="14" fill="{BOARD}"/>"#
    );
    // Large boards have two- and three-digit numbers: the font shrinks with them.
    let font = if w * h > 100 { 22 } else { 28 };
    for (cell, &tile) in tiles.iter().enumerate() {
        let (x, y) = (
            GAP + (cell % w) * (CELL + GAP),
            GAP + (cell / w) * (CELL + GAP),
        );
        if tile == 0 {
            let _ = write!(
                svg,
                r#"<rect data-blank="true" x="{}" y="{}" width="{}" height="{}" rx="10" fill="none" stroke="{BLANK}" stroke-width="2" stroke-dasharray="6 4"/>"#,
                x + 3,
                y + 3,
                CELL - 6,
                CELL - 6
            );
            continue;
        }
        let fill = if goal.get(cell) == Some(&tile) {
            TILE_HOME
        } else {
            TILE
        };
        let _ = write!(
            svg,
            r#"<g data-tile="{tile}"><rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="10" fill="{fill}"/><text x="{}" y="{}" text-anchor="middle" dominant-baseline="central" font-family="{FONT}" font-size="{font}" font-weight="700" fill="white">{tile}</text></g>"#,
            x + CELL / 2,
            y + CELL / 2
        );
    }
    svg.push_str("</svg>");
    svg
}

fn pegs_svg(pegs: usize, position: &[u8]) -> String {
    const COLUMN: f64 = 200.0;
    const DISK_H: f64 = 22.0;
    let disks = position.len();
    let rows = disks.max(5) as f64 + 1.0;
    let width = COLUMN * pegs as f64 + 20.0;
    let base_y = 40.0 + DISK_H * rows;
    let height = base_y + 44.0;
    let mut svg = open(
        width.round() as usize,
        height.round() as usize,
        &format!("Tower of Hanoi, {pegs} pegs, {disks} disks"),
    );
    let _ = write!(
        svg,
        r#"<rect width="{width}" height="{height}" rx="14" fill="{BOARD}"/><rect x="10" y="{base_y}" width="{}" height="10" rx="4" fill="{WOOD}"/>"#,
        width - 20.0
    );
    let centre = |peg: usize| 10.0 + COLUMN * (peg as f64 + 0.5);
    for peg in 0..pegs {
        let _ = write!(
            svg,
            r#"<rect x="{}" y="24" width="10" height="{}" rx="4" fill="{WOOD}"/><text x="{}" y="{}" text-anchor="middle" font-family="{FONT}" font-size="20" font-weight="700" fill="{MUTED}">{}</text>"#,
            centre(peg) - 5.0,
            base_y - 24.0,
            centre(peg),
            base_y + 34.0,
            peg_letter(peg as u8)
        );
    }
    // Larger disks lie below: stack from the largest.
    let mut height_on = vec![0usize; pegs];
    for disk in (0..disks).rev() {
        let peg = usize::from(position[disk]).min(pegs - 1);
        let level = height_on[peg];
        height_on[peg] += 1;
        let share = 0.25 + 0.7 * (disk + 1) as f64 / disks as f64;
        let w = COLUMN * share;
        let (x, y) = (
            centre(peg) - w / 2.0,
            base_y - DISK_H * (level as f64 + 1.0),
        );
        let hue = if disks > 1 {
            280.0 * disk as f64 / (disks - 1) as f64
        } else {
            200.0
        };
        let _ = write!(
            svg,
            r#"<g data-disk="{disk}" data-peg="{peg}"><rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{:.1}" rx="{:.1}" fill="hsl({hue:.0}, 70%, 55%)"/><text x="{:.1}" y="{:.1}" text-anchor="middle" dominant-baseline="central" font-family="{FONT}" font-size="14" font-weight="700" fill="white">{disk}</text></g>"#,
            y + 1.5,
            DISK_H - 3.0,
            (DISK_H - 3.0) / 2.0,
            centre(peg),
            y + DISK_H / 2.0
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The document's opening tag, sized in pixels, with its title for screen readers.
fn open(width: usize, height: usize, title: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img"><title>{title}</title>"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of `attr` in the order they appear.
    fn values(svg: &str, attr: &str) -> Vec<String> {
        svg.split(&format!(r#" {attr}=""#))
            .skip(1)
            .filter_map(|rest| rest.split('"').next().map(String::from))
            .collect()
    }

    #[test]
    fn a_board_draws_every_tile_in_its_cell_and_marks_the_ones_at_home() {
        let puzzle = PuzzleSpec::Sliding {
            width: 3,
            height: 2,
            start: vec![],
            goal: vec![1, 2, 3, 4, 5, 0],
        };
        let svg = position_svg(&puzzle, &[1, 0, 3, 4, 2, 5]);
        assert!(
            svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="216" height="146""#)
        );
        assert!(svg.ends_with("</svg>"));
        // Tiles in reading order, the blank drawn apart.
        assert_eq!(values(&svg, "data-tile"), ["1", "3", "4", "2", "5"]);
        assert_eq!(values(&svg, "data-blank"), ["true"]);
        // Home: 1, 3 and 4 (green); away: 2 and 5.
        let fills: Vec<String> = values(&svg, "fill")
            .into_iter()
            .filter(|f| f == TILE || f == TILE_HOME)
            .collect();
        assert_eq!(fills, [TILE_HOME, TILE_HOME, TILE_HOME, TILE, TILE]);
        // Tile 2 sits in the middle of the second row: its cell's corner.
        assert!(
            svg.contains(r#"<g data-tile="2"><rect x="76" y="76""#),
            "{svg}"
        );
        assert_eq!(svg.matches("<text").count(), 5);
    }

    #[test]
    fn a_tower_stacks_its_disks_by_size_on_their_pegs() {
        let puzzle = PuzzleSpec::Hanoi {
            pegs: 4,
            disks: 3,
            start: vec![],
            goal: vec![],
        };
        let svg = position_svg(&puzzle, &[2, 0, 2]);
        // Largest first (bottom up), each on its peg.
        assert_eq!(values(&svg, "data-disk"), ["2", "1", "0"]);
        assert_eq!(values(&svg, "data-peg"), ["2", "0", "2"]);
        for letter in ["A", "B", "C", "D"] {
            assert!(svg.contains(&format!(">{letter}</text>")), "peg {letter}");
        }
        // Disk 0 lies on disk 2 (one level up, same peg), disk 1 alone at the bottom of peg A.
        let top_of = |disk: &str| -> f64 {
            let group = svg
                .split(&format!(r#"<g data-disk="{disk}""#))
                .nth(1)
                .unwrap_or_default();
            values(group, "y")
                .first()
                .and_then(|y| y.parse().ok())
                .unwrap_or(f64::NAN)
        };
        assert_eq!(top_of("2") - top_of("0"), 22.0);
        assert_eq!(top_of("2"), top_of("1"));
    }
}
