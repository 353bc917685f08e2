// The `replay` demo scenario's price paths: each recorded pair follows the relative moves of the
// trades in a recording (core/recording), looping over its length; pairs not in it stay calm. The
// simulated market follows the director's reference prices, so this works at run time on the
// sandbox's own market (a full replay of books and trades is `npm start -- --replay FILE`).
import { resolve } from 'node:path';
import { loadRecording } from '../market/replayFile.js';

/** A path relative to the repository root (where the shipped recording lives). */
export const repoPath = (rel: string) => resolve(import.meta.dirname, '../../..', rel);

export type PricePath = (tSec: number) => number;

/** Multipliers of the first recorded trade price, per pair, by seconds (looping over the recording). */
export function recordedPaths(file: string): Map<string, PricePath> {
  const rec = loadRecording(file);
  const series = new Map<string, { t: number; p: number }[]>();
  for (const f of rec.frames) {
    if (f.frame.type !== 'trade' || f.frame.snapshot === true || !Array.isArray(f.frame.data)) continue;
    const symbol = String(f.frame.symbol);
    const rows = f.frame.data as { price?: unknown }[];
    const price = Number(rows[0]?.price); // newest first: the frame's last trade
    if (!(price > 0)) continue;
    let s = series.get(symbol);
    if (!s) {
      s = [];
      series.set(symbol, s);
    }
    s.push({ t: f.t, p: price });
  }
  const out = new Map<string, PricePath>();
  const length = Math.max(1, rec.durationMs);
  for (const [symbol, s] of series) {
    const first = s[0]!.p;
    out.set(symbol, (tSec) => {
      const t = (tSec * 1000) % length;
      let lo = 0;
      let hi = s.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (s[mid]!.t <= t) lo = mid;
        else hi = mid - 1;
      }
      return s[lo]!.p / first;
    });
  }
  return out;
}
