// The `replay` demo scenario: the recorded pairs follow the shipped recording's relative price moves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index.js';
import { directorFor } from './director.js';
import { recordedPaths, repoPath } from './recorded.js';
import { REPLAY_SCENARIO_RECORDING } from './regimes.js';

const file = repoPath(REPLAY_SCENARIO_RECORDING);
let close: (() => Promise<void>) | undefined;
afterAll(async () => close?.());

describe('replay scenario', () => {
  it('paths of the shipped recording start at 1, stay calm and loop over its length', () => {
    const paths = recordedPaths(file);
    expect([...paths.keys()].sort()).toEqual(['btc_krw', 'eth_krw']);
    const btc = paths.get('btc_krw')!;
    expect(btc(0)).toBe(1);
    const values = Array.from({ length: 150 }, (_, i) => btc(i));
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(0); // it moves
    for (const v of values) expect(Math.abs(v - 1)).toBeLessThan(0.01); // calm: within 1 %
    expect(btc(400)).toBe(btc(400 + 149.813)); // loops (the recording is 149 813 ms long)
  });

  it('drives btc_krw along the recording from where the price was', async () => {
    const sbx = await createSandbox({
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'kapi-rec-scn-')),
      historyDays: 0,
      simulate: false,
    });
    close = () => sbx.close();
    const d = directorFor(sbx.internals, { autoTick: false });
    const anchor = Number(sbx.internals.markets.get('btc_krw')!.referencePrice);
    expect(d.start('replay').caption?.en).toContain('recording');
    const path = recordedPaths(file).get('btc_krw')!;
    const t = [...Array(150).keys()].find((s) => Math.abs(path(s) - 1) > 0.0002)!;
    d.tick(t);
    const ref = Number(sbx.internals.markets.get('btc_krw')!.referencePrice);
    expect(Math.abs(ref - anchor * path(t))).toBeLessThanOrEqual(1000); // one btc tick
    expect(ref).not.toBe(anchor);
    d.stop();
  });
});
