//! The state the stepper is on: what it is (each tile's place, or each disk's peg), for whoever listens, and its
//! small read-only drawing under the step controls: a sliding board, or three pegs with their disks.

use crate::page::i18n::{fill, Lang, Stepper};
use solver::hanoi::peg_letter;
use solver::search::trace::Trace;
use yew::prelude::*;

/// The state `at` expansions in (`None` before the first): a sliding board's tiles when `sliding`, else the peg of
/// each of `disks` disks.
pub fn state_at(trace: &Trace, at: usize, sliding: bool, disks: u8) -> Option<Vec<u8>> {
    let i = at.checked_sub(1)?;
    if sliding {
        trace.boards.get(i).cloned()
    } else {
        Some(pegs_of(*trace.expanded.get(i)?, disks))
    }
}

/// The figure of the state `at` expansions in: a board `width` cells wide when `sliding`, else the pegs of `disks`
/// disks; before the first step, an empty list. Either way one node, so that the figure's coming and going does not
/// shift the card's other children (a `for` would spread into them, and the page would patch one paragraph into
/// another).
pub fn current_figure(
    trace: &Trace,
    at: usize,
    sliding: bool,
    width: u8,
    disks: u8,
    lang: Lang,
) -> Html {
    figure(trace, at, sliding, width, disks, lang)
        .into_iter()
        .collect()
}

fn figure(
    trace: &Trace,
    at: usize,
    sliding: bool,
    width: u8,
    disks: u8,
    lang: Lang,
) -> Option<Html> {
    let i = at.checked_sub(1)?;
    let rank = *trace.expanded.get(i)?;
    if sliding {
        trace
            .boards
            .get(i)
            .map(|tiles| board_figure(width, rank, tiles, lang))
    } else {
        Some(tower_figure(disks, rank, lang))
    }
}

/// Each disk's peg in the Tower of Hanoi state of rank `rank` (disk 0, the smallest, in the lowest base-3 digit).
fn pegs_of(rank: u64, disks: u8) -> Vec<u8> {
    (0..disks)
        .map(|d| ((rank / 3u64.pow(u32::from(d))) % 3) as u8)
        .collect()
}

/// A small drawing of a sliding board `width` cells wide (`tiles[i]` is the tile in cell i, 0 the blank).
fn board_figure(width: u8, rank: u64, tiles: &[u8], lang: Lang) -> Html {
    let words = tiles
        .iter()
        .map(|tile| tile.to_string())
        .collect::<Vec<_>>()
        .join(",");
    html! {
        <figure class="stepper-current" data-testid="stepper-current" data-state={rank.to_string()}>
            <div class="stepper-board" data-testid="stepper-board" data-tiles={words.clone()} role="img"
                aria-label={words} style={format!("grid-template-columns: repeat({width}, 1.8em)")}>
                { for tiles.iter().map(|&tile| if tile == 0 {
                    html! { <span class="stepper-cell blank" /> }
                } else {
                    html! { <span class="stepper-cell">{ tile }</span> }
                }) }
            </div>
            <figcaption>{ fill(lang.t(Stepper::Board), &[&rank]) }</figcaption>
        </figure>
    }
}

/// The Tower of Hanoi state of rank `rank`: its pegs drawn, and its pegs in letters.
fn tower_figure(disks: u8, rank: u64, lang: Lang) -> Html {
    let pegs = pegs_of(rank, disks);
    let words: String = pegs.iter().map(|&p| peg_letter(p)).collect();
    html! {
        <figure class="stepper-current" data-testid="stepper-current" data-state={rank.to_string()}>
            { tower(disks, &pegs) }
            <figcaption>{ fill(lang.t(Stepper::Current), &[&rank, &words]) }</figcaption>
        </figure>
    }
}

/// A small drawing of 3 pegs with the disks where `pegs` puts them (disk 0 the smallest).
fn tower(disks: u8, pegs: &[u8]) -> Html {
    const W: f64 = 240.0;
    const H: f64 = 90.0;
    let disk_h = ((H - 16.0) / f64::from(disks.max(1))).min(12.0);
    let peg_x = |p: u8| W / 6.0 * (2.0 * f64::from(p) + 1.0);
    let mut rects = Vec::new();
    for peg in 0..3u8 {
        // Largest first: it sits at the bottom.
        let mut level = 0.0;
        for disk in (0..disks)
            .rev()
            .filter(|&d| pegs.get(usize::from(d)) == Some(&peg))
        {
            let w = 14.0 + (W / 3.0 - 20.0) * f64::from(disk + 1) / f64::from(disks.max(1));
            let y = H - 6.0 - (level + 1.0) * disk_h;
            rects.push(html! {
                <rect x={format!("{:.1}", peg_x(peg) - w / 2.0)} y={format!("{y:.1}")} width={format!("{w:.1}")}
                    height={format!("{:.1}", disk_h - 1.0)} rx="2" class={format!("disk disk-{disk}")} />
            });
            level += 1.0;
        }
    }
    html! {
        <svg viewBox={format!("0 0 {W} {H}")} class="stepper-pegs" aria-hidden="true">
            { for (0..3u8).map(|p| html! {
                <line x1={format!("{:.1}", peg_x(p))} x2={format!("{:.1}", peg_x(p))} y1="6" y2={(H - 6.0).to_string()} class="peg" />
            }) }
            <line x1="4" x2={(W - 4.0).to_string()} y1={(H - 6.0).to_string()} y2={(H - 6.0).to_string()} class="base" />
            { for rects }
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rank_gives_each_disk_its_peg() {
        // 5 = 2 + 1*3: disk 0 on peg 2, disk 1 on peg 1, disk 2 on peg 0.
        assert_eq!(pegs_of(5, 3), vec![2, 1, 0]);
        assert_eq!(pegs_of(0, 2), vec![0, 0]);
        assert_eq!(pegs_of(26, 3), vec![2, 2, 2]);
    }
}
