// A small static file server for the release build: `node serve.mjs DIR PORT [BASE]`.
// BASE (e.g. /puzzle-lab/) mounts the app under a sub-path, as static hosting does; the bare sub-path without its
// trailing slash redirects to it, as static hosts do. PORT 0 picks a free port (read it from server.address()).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.json': 'application/json', '.txt': 'text/plain', '.webmanifest': 'application/manifest+json',
};

/**
 * Headers of one file beyond its type. The service worker's script says `Cross-Origin-Embedder-Policy: require-corp`:
 * Chromium then runs the worker in a process of its own (a cross-origin-isolated worker cannot share the page's) rather
 * than in the renderer of the tab that registered it, which would otherwise live on after that tab closes, holding the
 * closed page's memory, for as long as the worker runs (the next tab's requests keep it running). The worker asks only
 * for files of its own origin, which the policy allows.
 */
function extraHeaders(file) {
  return basename(file) === 'sw.js' ? { 'cross-origin-embedder-policy': 'require-corp' } : {};
}

export function serve(dir, port, base = '/') {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end('method not allowed');
      return;
    }
    let path;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad percent-encoding in the path');
      return;
    }
    if (base !== '/' && path === base.replace(/\/$/, '')) {
      res.writeHead(301, { location: `${base}${url.search}` }).end();
      return;
    }
    if (!path.startsWith(base)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname} (the app is under ${base})`);
      return;
    }
    let file = normalize(join(root, path.slice(base.length)));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
        ...extraHeaders(file),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname}`);
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8080', base = '/'] = process.argv.slice(2);
  const server = await serve(dir, Number(port), base);
  console.log(`serving ${dir} on http://127.0.0.1:${server.address().port}${base}`);
}
