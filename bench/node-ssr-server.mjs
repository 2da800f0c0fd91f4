// Baseline for the benchmarks that compare pages over HTTP: what a user would run instead of
// Mostrador, a Node.js HTTP server rendering the same server.js bundle on every request, with a
// fixed input loaded at start (no database, no session), wrapped in the same HTML shell as
// Mostrador's printable pages (stylesheets, no scripts). Prints its port once it listens.
// Usage: node node-ssr-server.mjs <bundle.js> <input.json> <build id> [stylesheet href…]
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bundle, inputFile, build, ...css] = process.argv.slice(2);
(0, eval)(readFileSync(bundle, 'utf8'));
const input = readFileSync(inputFile, 'utf8');
const links = css.map((href) => `<link rel="stylesheet" href="/${href}">`).join('');
const escape = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function shell(title, html) {
  return (
    '<!doctype html>\n<html lang="es">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    `<meta name="mostrador-build" content="${escape(build)}">\n` +
    `<title>${escape(title ? `${title} · Mostrador` : 'Mostrador')}</title>\n${links}\n</head>\n` +
    `<body class="bg-gray-50 antialiased">\n<div id="root">${html}</div>\n</body>\n</html>`
  );
}

const server = http.createServer(async (req, res) => {
  try {
    const out = JSON.parse(await globalThis.render(input));
    if (out.kind !== 'page') {
      res.writeHead(out.status, { location: out.location, 'content-length': 0 });
      res.end();
      return;
    }
    const body = Buffer.from(shell(out.title, out.html));
    res.writeHead(out.status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': body.length,
    });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { 'content-length': 0 });
    res.end();
    console.error(error);
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
