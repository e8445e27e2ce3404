// Renders the web app manifest's PNG icons from the SVGs in static/, with Debian's Chromium (playwright-core):
// `node scripts/render-icons.mjs`. The PNGs are committed (the build does not run this); run it again after
// changing static/favicon.svg or static/icons/maskable.svg.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const STATIC = join(ROOT, 'static');
const ICONS = [
  { svg: 'favicon.svg', png: 'icons/icon-192.png', size: 192 },
  { svg: 'favicon.svg', png: 'icons/icon-512.png', size: 512 },
  { svg: 'icons/maskable.svg', png: 'icons/maskable-512.png', size: 512 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  for (const { svg, png, size } of ICONS) {
    const source = readFileSync(join(STATIC, svg), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}</style>
      <img width="${size}" height="${size}" style="display:block"
        src="data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}">`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: join(STATIC, png), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`static/${png}: ${size}x${size} from static/${svg}`);
  }
} finally {
  await browser.close();
}
