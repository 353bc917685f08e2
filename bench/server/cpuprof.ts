// Summary of a `node --cpu-prof` profile: self time by function (and by file), top N.
// `npx tsx bench/server/cpuprof.ts <file.cpuprofile> [N]`
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: cpuprof.ts <file.cpuprofile> [N]');
const top = Number(process.argv[3] ?? 30);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < p.samples.length; i++) {
  const id = p.samples[i]!;
  self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url: string) =>
  url.replace(/^file:\/\/.*?\/(src|node_modules|bench)\//, '$1/').replace(/^node:/, 'node:');
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const f = short(n.callFrame.url) || '(native)';
  const fn = `${n.callFrame.functionName || '(anonymous)'}  ${f}:${n.callFrame.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  const pkg = f.startsWith('node_modules/')
    ? f
        .split('/')
        .slice(0, f.split('/')[1]?.startsWith('@') ? 3 : 2)
        .join('/')
    : f;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`,
    );
  }
};
show('self time by function', byFn);
show('self time by file / package', byFile);

// who calls the native entries (socket writes, syscalls show up as natives): self time by caller chain
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (id: number | undefined) => {
  const n = id === undefined ? undefined : byId.get(id);
  return n
    ? `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`
    : '-';
};
const chains = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  if (n.callFrame.url || ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName))
    continue;
  const up: string[] = [];
  let cur = parent.get(id);
  for (let d = 0; d < Number(process.env.CHAIN ?? 4) && cur !== undefined; d++, cur = parent.get(cur))
    up.push(label(cur));
  const k = `${n.callFrame.functionName} <- ${up.join(' <- ')}`;
  chains.set(k, (chains.get(k) ?? 0) + us);
}
show('native self time by caller chain', chains);

// busy bursts: runs of non-idle samples (under a paced load, each is the work of one wake-up)
const idleIds = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const bursts: number[] = [];
let cur = 0;
for (let i = 0; i < p.samples.length; i++) {
  if (idleIds.has(p.samples[i]!)) {
    if (cur > 0) bursts.push(cur);
    cur = 0;
  } else cur += p.timeDeltas[i] ?? 0;
}
bursts.sort((a, b) => a - b);
const q = (f: number) => Math.round(bursts[Math.floor(bursts.length * f)] ?? 0);
console.log(
  `\nbusy bursts: ${bursts.length}, µs p25 ${q(0.25)} p50 ${q(0.5)} p75 ${q(0.75)} p90 ${q(0.9)} p99 ${q(0.99)}`,
);
