// `npm run bench`: every figure is a ratio against a baseline measured in the same run, because
// this machine is small and noisy. No thresholds: the numbers are for the issue notes.
import { createHmac, createPrivateKey, sign as nodeSign } from 'node:crypto';
import { floorToStep } from '../src/core/decimal.js';
import { encodeParams } from '../src/core/encode.js';
import { ed25519SignBase64, hmacSha256Hex, pkcs8PemFromSeed, randomEd25519Seed } from '../src/core/sign.js';
import { snapToTick } from '../src/core/tick.js';
import { makeStream, runEngine, runNaive } from './engine.js';
import { benchProxy } from './proxy.js';

function time(fn: () => unknown, repeat = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

function row(name: string, ops: number, ms: number, baseMs?: number, baseName?: string) {
  const rate = Math.round((ops / ms) * 1000).toLocaleString('en-US');
  const ratio = baseMs ? `  ${(baseMs / ms).toFixed(1)}x vs ${baseName}` : '';
  console.log(`${name.padEnd(44)} ${rate.padStart(12)} ops/s${ratio}`);
}

const N = Number(process.env.BENCH_OPS ?? 300_000);
console.log(`# matching engine (${N.toLocaleString('en-US')} mixed ops on a 2,000-level book)`);
const stream = makeStream(N);
const fillsEngine = runEngine(stream);
const fillsNaive = runNaive(stream);
if (fillsEngine !== fillsNaive)
  console.log(`! fill counts differ: engine ${fillsEngine}, naive ${fillsNaive}`);
const tEngine = time(() => runEngine(stream));
const tNaive = time(() => runNaive(stream), 1);
row('naive book (array levels, splice cancel)', stream.length, tNaive);
row('sandbox engine (linked levels, O(1) cancel)', stream.length, tEngine, tNaive, 'naive');

console.log('\n# signing (core, runtime-neutral) vs node:crypto');
const msg = encodeParams([
  ['symbol', 'btc_krw'],
  ['side', 'buy'],
  ['orderType', 'limit'],
  ['price', '95000000'],
  ['qty', '0.0015'],
  ['timestamp', '1764000000000'],
]);
const S = 5000;
const tNodeHmac = time(() => {
  for (let i = 0; i < S; i++) createHmac('sha256', 'secret').update(msg).digest('hex');
});
const tCoreHmac = time(() => {
  for (let i = 0; i < S; i++) hmacSha256Hex('secret', msg);
});
row('HMAC-SHA256 node:crypto', S, tNodeHmac);
row('HMAC-SHA256 core (@noble/hashes)', S, tCoreHmac, tNodeHmac, 'node:crypto');
const seed = randomEd25519Seed();
const key = createPrivateKey(pkcs8PemFromSeed(seed));
const E = 1000;
const tNodeEd = time(() => {
  for (let i = 0; i < E; i++) nodeSign(null, Buffer.from(msg), key);
});
const tCoreEd = time(() => {
  for (let i = 0; i < E; i++) ed25519SignBase64(seed, msg);
});
row('ED25519 node:crypto', E, tNodeEd);
row('ED25519 core (@noble/ed25519)', E, tCoreEd, tNodeEd, 'node:crypto');

console.log('\n# tick snapping: policy lookup + snap vs one bare big.js floor-to-step');
const policy = [
  { priceGte: '0', tickSize: '1' },
  { priceGte: '1000000', tickSize: '500' },
  { priceGte: '2000000', tickSize: '1000' },
];
const T = 50_000;
const tBare = time(() => {
  for (let i = 0; i < T; i++) floorToStep(String(95_000_000 + i), '1000');
});
const tSnap = time(() => {
  for (let i = 0; i < T; i++) snapToTick(policy, String(95_000_000 + i), 'down');
});
row('floorToStep (bare big.js)', T, tBare);
row('snapToTick (policy lookup, re-check)', T, tSnap, tBare, 'bare');

console.log('\n# signing proxy overhead on loopback (sequential requests, keep-alive, best of 3 rounds)');
const H = Number(process.env.BENCH_HTTP ?? 1000);
const px = await benchProxy(H);
row('GET /v2/orderbook direct to the sandbox', H, px.orderbookDirect);
row('GET /v2/orderbook through the proxy', H, px.orderbookProxy, px.orderbookDirect, 'direct');
row('signed GET /v2/balance direct (HMAC)', H, px.balanceDirect);
row('signed GET /v2/balance through the proxy', H, px.balanceProxy, px.balanceDirect, 'direct');
const us = (a: number, b: number) => `${Math.round(((a - b) / H) * 1000)} µs`;
console.log(
  `proxy hop adds ${us(px.orderbookProxy, px.orderbookDirect)} per orderbook request, ${us(px.balanceProxy, px.balanceDirect)} per signed balance request`,
);
