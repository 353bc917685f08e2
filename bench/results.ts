// bench/results/latest.json: one key per section ("engine", "server", "publish", and the browser
// side's own), each written whole by its bench and merged into the file, so benches run apart
// (server and browser) never overwrite each other's rows.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_PATH = join(dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json');

/** One measured figure: median of the rounds, spread (min..max), and what it is compared with. */
export interface Row {
  name: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  rounds: number;
  baseline?: { name: string; median: number; ratio: number };
  note?: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function row(name: string, unit: string, samples: number[], note?: string): Row {
  const r: Row = {
    name,
    unit,
    median: round(median(samples)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    rounds: samples.length,
  };
  if (note) r.note = note;
  return r;
}

/** ratio > 1 means `r` is better than the baseline (higher rate, or lower time). */
export function against(r: Row, base: Row, higherIsBetter: boolean): Row {
  const ratio = higherIsBetter ? r.median / base.median : base.median / r.median;
  return { ...r, baseline: { name: base.name, median: base.median, ratio: round(ratio) } };
}

const round = (x: number) => (Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 1000) / 1000);

/** Replaces one section of latest.json and keeps every other section as it was. */
export function writeSection(section: string, data: unknown): void {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as Record<string, unknown>;
  } catch {
    // first run, or an unreadable file: start again
  }
  all[section] = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '?', node: process.version },
    ...(data as object),
  };
  mkdirSync(dirname(RESULTS_PATH), { recursive: true });
  const tmp = `${RESULTS_PATH}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(tmp, RESULTS_PATH);
}

export function printRow(r: Row): void {
  const v = `${fmt(r.median)} ${r.unit}`;
  const spread = `[${fmt(r.min)}..${fmt(r.max)}] x${r.rounds}`;
  const vs = r.baseline ? `  ${r.baseline.ratio}x vs ${r.baseline.name}` : '';
  console.log(`${r.name.padEnd(52)} ${v.padStart(18)} ${spread.padEnd(26)}${vs}`);
}

const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 3 });
