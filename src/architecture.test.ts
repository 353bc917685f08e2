// The house rules on the import graph (docs/contracts.md, "Import rules"), held by a ratchet: layer
// breaks are never allowed; cycles, two-way feature pairs, imports past a feature's door and files over
// 300 lines are allowed only where scripts/architecture-baseline.json lists them, so the list can
// only shrink. Run `npx tsx scripts/architecture.ts` for the report.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ArchitectureBaseline, analyse, BASELINE, baselineOf } from '../scripts/architecture.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const report = analyse(root);
const now = baselineOf(report);
const allowed = JSON.parse(readFileSync(join(root, BASELINE), 'utf8')) as ArchitectureBaseline;
const added = (key: keyof ArchitectureBaseline) => now[key].filter((x) => !allowed[key].includes(x));

describe('import rules', () => {
  it('core imports no Node, React or server; web no proxy or sandbox; the proxy no sandbox outside tests', () => {
    expect(report.layerBreaks).toEqual([]);
  });
  it('adds no import cycle', () => {
    expect(added('cycles')).toEqual([]);
  });
  it('adds no two-way import between feature folders', () => {
    expect(added('twoWayFeaturePairs')).toEqual([]);
  });
  it("adds no import past another feature's index.ts", () => {
    expect(added('pastTheDoor')).toEqual([]);
  });
  it('adds no source file over 300 lines', () => {
    expect(added('overLimit')).toEqual([]);
  });
});
