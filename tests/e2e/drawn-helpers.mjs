// Reading a drawn pair of searches (`lessons::drive`): the pictures' counts and cells, the scrubber, the quoted
// numbers and the code's current line, in one section of a lesson.
import assert from 'node:assert/strict';
import { tid } from './helpers.mjs';

export const SOLVE_MS = 30_000;

/** The readers of one section's pair; `section` is the default of every `section` argument. */
export function drawnPair(section) {
  const picture = (side, sec = section) => `${sec} [data-figure="${side}"] ${tid('search-picture')}`;

  /** A picture's counts and the states it draws of each kind. */
  const drawn = (page, side, sec = section) => page.locator(picture(side, sec)).evaluate((svg) => {
    const kinds = {};
    // A drawing of many states draws each kind as one element that says how many it holds (`data-count`).
    for (const c of svg.querySelectorAll('[data-kind]')) {
      kinds[c.dataset.kind] = (kinds[c.dataset.kind] ?? 0) + Number(c.dataset.count ?? 1);
    }
    return {
      expanded: Number(svg.dataset.expanded),
      open: Number(svg.dataset.open),
      total: Number(svg.dataset.total),
      ready: svg.dataset.ready === 'true',
      truncated: svg.dataset.truncated === 'true',
      kinds,
    };
  });

  /** Moves the scrubber to `n`, and waits until the `side` picture stands there (at most its run's end). */
  const scrub = async (page, n, sec = section, side = null) => {
    await page.locator(`${sec} ${tid('search-scrubber')}`).fill(String(n));
    if (side) {
      await page.waitForFunction(([sel, want]) => {
        const el = document.querySelector(sel);
        return el && Number(el.dataset.expanded) === Math.min(want, Number(el.dataset.total));
      }, [picture(side, sec), n]);
    }
  };

  /** Waits until the two pictures (`sides`, left first) draw runs of these totals. */
  const totalsBecome = async (page, left, right, sec = section, sides = ['bfs', 'astar']) => {
    try {
      await page.waitForFunction(([l, r, sel]) => {
        const [pl, pr] = sel.map((s) => document.querySelector(s));
        return pl?.dataset.total === String(l) && pr?.dataset.total === String(r);
      }, [left, right, sides.map((s) => picture(s, sec))], { timeout: SOLVE_MS });
    } catch {
      assert.fail(`the pictures' totals are ${JSON.stringify(await drawn(page, sides[0], sec))} and `
        + `${JSON.stringify(await drawn(page, sides[1], sec))}, not ${left} and ${right}`);
    }
  };

  /** The number named `name` in the section, once computed. */
  const num = async (page, name, sec = section) => {
    const el = page.locator(`${sec} [data-num="${name}"][data-value]`).first();
    await el.waitFor({ timeout: SOLVE_MS });
    return Number(await el.getAttribute('data-value'));
  };

  /** The code's current line: its number and its text. */
  const currentLine = async (page, sec = section) => {
    const line = page.locator(`${sec} ${tid('lesson-code')} [aria-current="step"]`);
    return { n: Number(await line.getAttribute('data-line')), text: (await line.textContent()).trim() };
  };

  /**
   * Shows `side`'s code (`code-of-left` or `-right`), puts the cursor at step 4 and walks one expansion with the
   * line buttons, checking each line against `walk`'s words and its polite announcement; returns the picture then.
   */
  const walkOneExpansion = async (page, sec, side, button, walk) => {
    await page.locator(`${sec} ${tid(button)}`).click();
    await scrub(page, 4, sec, side);
    for (const [i, words] of walk.entries()) {
      if (i > 0) await page.locator(`${sec} ${tid('line-next')}`).click();
      const { n, text } = await currentLine(page, sec);
      assert.ok(text.includes(words), `${side}, step ${i}: line ${n} is "${text}", not "${words}"`);
      const announced = await page.locator(`${sec} ${tid('code-announce')}`).textContent();
      assert.ok(announced.includes(String(n)), `the line is announced: ${announced}`);
    }
    // One whole expansion later, both pictures stand one step on.
    const pic = await drawn(page, side, sec);
    assert.equal(pic.expanded, 5, `${side}: the cursor went through one expansion`);
    return pic;
  };

  return { picture, drawn, scrub, totalsBecome, num, currentLine, walkOneExpansion };
}
