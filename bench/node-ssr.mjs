// Baseline for bench/ssr.rs: renders the same bundle with the same input in Node.js (V8) and
// prints each render's time in milliseconds as JSON.
// Usage: node node-ssr.mjs <bundle.js> <input.json> <iterations> <warmup>
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [bundle, inputFile, iterations, warmup] = process.argv.slice(2);
(0, eval)(readFileSync(bundle, 'utf8'));
const input = readFileSync(inputFile, 'utf8');
for (let i = 0; i < Number(warmup); i++) await globalThis.render(input);
const times = [];
for (let i = 0; i < Number(iterations); i++) {
  const t0 = performance.now();
  await globalThis.render(input);
  times.push(performance.now() - t0);
}
process.stdout.write(JSON.stringify(times));
