// Baseline for the benchmarks that compare pages over HTTP: what a user would run instead of
// Mostrador, a Node.js HTTP server rendering the same server.js bundle on every request, with a
// fixed input loaded at start (no database, no session), wrapped in the same HTML shell as
// Mostrador's printable pages (stylesheets, no scripts). Prints its port once it listens.
// With NODE_SSR_WORKERS=N (N > 1) it runs as a node:cluster of N workers sharing the port, the way
// a Node deployment uses every core; the primary prints the port once every worker listens.
// Usage: node node-ssr-server.mjs <bundle.js> <input.json> <build id> [stylesheet href…]
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const workers = Number(process.env.NODE_SSR_WORKERS ?? '1');
if (workers > 1 && cluster.isPrimary) {
  supervise(workers);
} else {
  serve(process.argv.slice(2));
}

/** The cluster's primary: forks the workers and prints the shared port once all listen. */
function supervise(count) {
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === count) process.stdout.write(`${address.port}\n`);
  });
  for (let i = 0; i < count; i += 1) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers)) worker.kill();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** One HTTP server rendering the page on every request. */
function serve([bundle, inputFile, build, ...css]) {
  (0, eval)(readFileSync(bundle, 'utf8'));
  const input = readFileSync(inputFile, 'utf8');
  const links = css.map((href) => `<link rel="stylesheet" href="/${href}">`).join('');
  const escape = (text) =>
    text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

  const shell = (title, html) =>
    '<!doctype html>\n<html lang="es">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    '<meta name="color-scheme" content="light dark">\n' +
    `<meta name="mostrador-build" content="${escape(build)}">\n` +
    `<title>${escape(title ? `${title} · Mostrador` : 'Mostrador')}</title>\n${links}\n</head>\n` +
    `<body class="bg-gray-50 antialiased">\n<div id="root">${html}</div>\n</body>\n</html>`;

  const server = http.createServer(async (req, res) => {
    try {
      // The answer: a JSON head line, then (a page) the hydration line and the markup.
      const answer = await globalThis.render(input);
      const headEnd = answer.indexOf('\n');
      const head = JSON.parse(headEnd < 0 ? answer : answer.slice(0, headEnd));
      if (head.kind !== 'page') {
        res.writeHead(head.status, { location: head.location, 'content-length': 0 });
        res.end();
        return;
      }
      const html = answer.slice(answer.indexOf('\n', headEnd + 1) + 1);
      const body = Buffer.from(shell(head.title, html));
      res.writeHead(head.status, {
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
    if (cluster.isPrimary) process.stdout.write(`${server.address().port}\n`);
  });
}
