// Small pure-code figures kept from the first bench: core signing against node:crypto, and tick
// snapping against one bare big.js floor-to-step.
import { createHmac, createPrivateKey, sign as nodeSign } from 'node:crypto';
import { floorToStep } from '../src/core/decimal.js';
import { encodeParams } from '../src/core/encode.js';
import { ed25519SignBase64, hmacSha256Hex, pkcs8PemFromSeed, randomEd25519Seed } from '../src/core/sign.js';
import { snapToTick } from '../src/core/tick.js';
import { against, printRow, type Row, row } from './results.js';

function rate(n: number, fn: () => void, rounds = 5): number[] {
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    out.push((n / (performance.now() - t0)) * 1000);
  }
  return out;
}

export function benchMisc() {
  console.log('\n# signing and tick snapping (ops/s)');
  const msg = encodeParams([
    ['symbol', 'btc_krw'],
    ['side', 'buy'],
    ['orderType', 'limit'],
    ['price', '95000000'],
    ['qty', '0.0015'],
    ['timestamp', '1764000000000'],
  ]);
  const seed = randomEd25519Seed();
  const key = createPrivateKey(pkcs8PemFromSeed(seed));
  const policy = [
    { priceGte: '0', tickSize: '1' },
    { priceGte: '1000000', tickSize: '500' },
    { priceGte: '2000000', tickSize: '1000' },
  ];
  let i = 0;
  const nodeHmac = row(
    'HMAC-SHA256 node:crypto',
    'ops/s',
    rate(5000, () => createHmac('sha256', 's').update(msg).digest('hex')),
  );
  const coreHmac = row(
    'HMAC-SHA256 core (@noble/hashes)',
    'ops/s',
    rate(5000, () => hmacSha256Hex('s', msg)),
  );
  const nodeEd = row(
    'ED25519 node:crypto',
    'ops/s',
    rate(500, () => nodeSign(null, Buffer.from(msg), key)),
  );
  const coreEd = row(
    'ED25519 core (@noble/ed25519)',
    'ops/s',
    rate(500, () => ed25519SignBase64(seed, msg)),
  );
  const bare = row(
    'floorToStep (bare big.js)',
    'ops/s',
    rate(20_000, () => floorToStep(String(95_000_000 + i++), '1000')),
  );
  const snap = row(
    'snapToTick (policy lookup, re-check)',
    'ops/s',
    rate(20_000, () => snapToTick(policy, String(95_000_000 + i++), 'down')),
  );
  const rows: Row[] = [
    nodeHmac,
    against(coreHmac, nodeHmac, true),
    nodeEd,
    against(coreEd, nodeEd, true),
    bare,
    against(snap, bare, true),
  ];
  for (const r of rows) printRow(r);
  return { rows };
}
