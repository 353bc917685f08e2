// Soak run of the simulated markets: six pairs simulated, one WebSocket client subscribed to every
// public channel, CPU and memory sampled every SOAK_SAMPLE_S seconds for SOAK_MINUTES minutes.
// `npx tsx bench/soak.ts` (SOAK_MINUTES=60 for the hour-long check). Loopback only, bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createSandbox } from '../src/sandbox/index.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 2);
const sampleS = Number(process.env.SOAK_SAMPLE_S ?? 30);
const speed = Number(process.env.SOAK_SPEED ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'kapi-soak-'));
const sb = await createSandbox({ port: 0, dataDir: dir, seed: 42, speed, simulate: true });
const symbols = ['btc_krw', 'eth_krw', 'xrp_krw', 'sol_krw', 'doge_krw', 'usdt_krw'];
const ws = new WebSocket(sb.wsPublicUrl);
let frames = 0;
ws.on('message', () => {
  frames++;
});
await new Promise((r) => ws.once('open', r));
ws.send(
  JSON.stringify(
    ['ticker', 'orderbook', 'trade'].map((type, i) => ({
      requestId: i + 1,
      method: 'subscribe',
      type,
      symbols,
    })),
  ),
);

console.log(`soak: ${minutes} min, speed ${speed}, sample every ${sampleS} s`);
console.log('min\tcpu%\trssMB\theapMB\tframes/s');
let lastCpu = process.cpuUsage();
let lastT = performance.now();
let lastFrames = 0;
const samples: Array<{ cpu: number; rss: number; heap: number }> = [];
const end = Date.now() + minutes * 60_000;
while (Date.now() < end) {
  await new Promise((r) => setTimeout(r, sampleS * 1000));
  const cpu = process.cpuUsage(lastCpu);
  const now = performance.now();
  const pct = ((cpu.user + cpu.system) / 1000 / (now - lastT)) * 100;
  const mem = process.memoryUsage();
  const s = { cpu: pct, rss: mem.rss / 2 ** 20, heap: mem.heapUsed / 2 ** 20 };
  samples.push(s);
  const fps = (frames - lastFrames) / ((now - lastT) / 1000);
  console.log(
    `${((minutes * 60_000 - (end - Date.now())) / 60_000).toFixed(1)}\t${pct.toFixed(1)}\t${s.rss.toFixed(0)}\t${s.heap.toFixed(0)}\t${fps.toFixed(0)}`,
  );
  lastCpu = process.cpuUsage();
  lastT = now;
  lastFrames = frames;
}
const avg = samples.reduce((a, s) => a + s.cpu, 0) / Math.max(1, samples.length);
const half = Math.floor(samples.length / 2);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const rssFirst = mean(samples.slice(0, half).map((s) => s.rss));
const rssSecond = mean(samples.slice(half).map((s) => s.rss));
console.log(
  `summary: avg cpu ${avg.toFixed(1)}% of one core; rss first half ${rssFirst.toFixed(0)} MB, second half ${rssSecond.toFixed(0)} MB (ratio ${(rssSecond / rssFirst).toFixed(2)})`,
);
ws.close();
await sb.close();
rmSync(dir, { recursive: true, force: true });
