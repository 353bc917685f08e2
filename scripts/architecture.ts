// The import graph of src/ and the house rules read from it (docs/contracts.md, "Import rules"):
// cycles, two-way imports between feature folders, imports past a feature's door, layer breaks
// (core importing Node, React or a server; web importing the sandbox or the proxy; the proxy
// importing the sandbox outside tests) and source files over 300 lines.
//
//   npx tsx scripts/architecture.ts          prints the report
//   npx tsx scripts/architecture.ts --json   the same as JSON
//   npx tsx scripts/architecture.ts --write-baseline   records what is left (only after removing some)
// src/architecture.test.ts holds the tree to it against scripts/architecture-baseline.json.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ArchitectureReport {
  files: number;
  cycles: string[][];
  typeCycles: string[][];
  twoWayFeaturePairs: string[];
  pastTheDoor: string[];
  layerBreaks: string[];
  overLimit: { file: string; lines: number }[];
  largest: { file: string; lines: number };
}

export const LINE_LIMIT = 300;
export const BASELINE = 'scripts/architecture-baseline.json';

/** What the tree had when the check came in: it may shrink, never grow (the test holds it). */
export interface ArchitectureBaseline {
  cycles: string[];
  twoWayFeaturePairs: string[];
  pastTheDoor: string[];
  overLimit: string[];
}

export const cycleKey = (c: string[]): string => c.join(' <-> ');

export function baselineOf(r: ArchitectureReport): ArchitectureBaseline {
  return {
    cycles: r.typeCycles.map(cycleKey),
    twoWayFeaturePairs: r.twoWayFeaturePairs,
    pastTheDoor: r.pastTheDoor,
    overLimit: r.overLimit.map((s) => s.file),
  };
}
const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (SOURCE.test(name)) out.push(p);
  }
}

export const isTestFile = (f: string): boolean =>
  /\.(test|spec|e2e\.test)\.tsx?$/.test(f) || /(^|\/)(testing|fixtures|e2e)\//.test(f);

interface Edge {
  to: string;
  spec: string;
  typeOnly: boolean;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const c of [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c)) return c;
  }
  return null;
}

function edgesOf(file: string, text: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3] ?? m[4];
    if (!spec) continue;
    const to = resolveImport(file, spec) ?? spec;
    edges.push({ to, spec, typeOnly: Boolean(m[1]) });
  }
  return edges;
}

/** Strongly connected components with more than one file (Tarjan), runtime imports only. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const featureOf = (rel: string): string | null => /^web\/features\/([^/]+)\//.exec(rel)?.[1] ?? null;

function layerBreak(rel: string, edge: Edge, relTo: string | null): string | null {
  const test = isTestFile(rel);
  if (rel.startsWith('core/')) {
    if (edge.spec.startsWith('node:') && !test) return `${rel} imports ${edge.spec}`;
    if (/^(react|react-dom|ws|undici|better-sqlite3)(\/|$)/.test(edge.spec))
      return `${rel} imports ${edge.spec}`;
    if (relTo && /^(web|proxy|sandbox)\//.test(relTo)) return `${rel} imports ${relTo}`;
  }
  if (rel.startsWith('web/') && relTo && /^(proxy|sandbox)\//.test(relTo)) return `${rel} imports ${relTo}`;
  if (rel.startsWith('proxy/') && !test && relTo?.startsWith('sandbox/')) return `${rel} imports ${relTo}`;
  return null;
}

export function analyse(root: string): ArchitectureReport {
  const src = join(root, 'src');
  const files: string[] = [];
  walk(src, files);
  const graph = new Map<string, string[]>();
  const typeGraph = new Map<string, string[]>();
  const featureEdges = new Set<string>();
  const pastTheDoor: string[] = [];
  const layerBreaks: string[] = [];
  const sizes: { file: string; lines: number }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(src, file).split(sep).join('/');
    if (!isTestFile(rel))
      sizes.push({ file: `src/${rel}`, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
    const runtime: string[] = [];
    const all: string[] = [];
    for (const e of edgesOf(file, text)) {
      const relTo = e.to.startsWith(src) ? relative(src, e.to).split(sep).join('/') : null;
      const broken = layerBreak(rel, e, relTo);
      if (broken) layerBreaks.push(broken);
      if (!relTo) continue;
      if (!e.typeOnly) runtime.push(`src/${relTo}`);
      all.push(`src/${relTo}`);
      const a = featureOf(rel);
      const b = featureOf(relTo);
      if (a && b && a !== b && !isTestFile(rel)) {
        featureEdges.add(`${a}>${b}`);
        if (!/^web\/features\/[^/]+\/index\.tsx?$/.test(relTo))
          pastTheDoor.push(`src/${rel} -> src/${relTo}`);
      }
    }
    graph.set(`src/${rel}`, runtime);
    typeGraph.set(`src/${rel}`, all);
  }
  const twoWay = new Set<string>();
  for (const e of featureEdges) {
    const [a, b] = e.split('>') as [string, string];
    if (featureEdges.has(`${b}>${a}`)) twoWay.add([a, b].sort().join(' <-> '));
  }
  sizes.sort((a, b) => b.lines - a.lines);
  return {
    files: files.length,
    cycles: cyclesOf(graph),
    typeCycles: cyclesOf(typeGraph),
    twoWayFeaturePairs: [...twoWay].sort(),
    pastTheDoor: pastTheDoor.sort(),
    layerBreaks: layerBreaks.sort(),
    overLimit: sizes.filter((s) => s.lines > LINE_LIMIT),
    largest: sizes[0] ?? { file: '', lines: 0 },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const r = analyse(root);
  if (process.argv.includes('--json')) console.log(JSON.stringify(r, null, 2));
  else if (process.argv.includes('--write-baseline')) {
    writeFileSync(join(root, BASELINE), `${JSON.stringify(baselineOf(r), null, 2)}\n`);
    console.log(`wrote ${BASELINE}`);
  } else {
    console.log(`files: ${r.files}`);
    console.log(`import cycles (runtime imports): ${r.cycles.length}`);
    for (const c of r.cycles) console.log(`  ${c.join(' <-> ')}`);
    console.log(`import cycles (type imports included): ${r.typeCycles.length}`);
    for (const c of r.typeCycles) console.log(`  ${c.join(' <-> ')}`);
    console.log(`two-way feature folder pairs: ${r.twoWayFeaturePairs.length}`);
    for (const p of r.twoWayFeaturePairs) console.log(`  ${p}`);
    console.log(`imports past a feature's door (index.ts): ${r.pastTheDoor.length}`);
    console.log(`layer breaks: ${r.layerBreaks.length}`);
    for (const p of r.layerBreaks) console.log(`  ${p}`);
    console.log(`source files over ${LINE_LIMIT} lines: ${r.overLimit.length}`);
    for (const s of r.overLimit) console.log(`  ${s.file} ${s.lines}`);
    console.log(`largest: ${r.largest.file} (${r.largest.lines} lines)`);
  }
}
