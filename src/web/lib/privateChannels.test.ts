import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Req = { method: 'subscribe' | 'unsubscribe'; type: string; accountSeqs?: number[] };

/** The sandbox's rule: one subscription per private channel; unsubscribe with accounts removes those. */
function sandboxApply(state: Map<string, Set<number>>, r: Req) {
  if (r.method === 'subscribe') state.set(r.type, new Set(r.accountSeqs ?? [1]));
  else if (r.accountSeqs) {
    const s = state.get(r.type);
    for (const a of r.accountSeqs) s?.delete(a);
    if (s && s.size === 0) state.delete(r.type);
  } else state.delete(r.type);
}

/** The proxy relay in front of it: per-account keys, forwards only accounts new (or gone) on the socket. */
function proxyApply(keys: Set<string>, upstream: Map<string, Set<number>>, r: Req) {
  const seqs = r.accountSeqs ?? [1];
  if (r.method === 'subscribe') {
    const fresh = seqs.filter((a) => !keys.has(`${r.type}|${a}`));
    for (const a of seqs) keys.add(`${r.type}|${a}`);
    if (fresh.length) sandboxApply(upstream, { ...r, accountSeqs: fresh });
  } else {
    const gone = seqs.filter((a) => keys.delete(`${r.type}|${a}`));
    if (gone.length) sandboxApply(upstream, { ...r, accountSeqs: gone });
  }
}

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Req[][] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  /** What a bare sandbox and a sandbox behind the proxy would hold after every request. */
  direct = new Map<string, Set<number>>();
  proxied = new Map<string, Set<number>>();
  proxyKeys = new Set<string>();
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    const reqs = JSON.parse(s) as Req[];
    this.sent.push(reqs);
    for (const r of reqs) {
      sandboxApply(this.direct, r);
      proxyApply(this.proxyKeys, this.proxied, r);
    }
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  recv(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  /** Both upstream models hold exactly these accounts for the channel. */
  holds(type: string): number[][] {
    const list = (m: Map<string, Set<number>>) => [...(m.get(type) ?? [])].sort((a, b) => a - b);
    return [list(this.direct), list(this.proxied)];
  }
}

const tick = () => Promise.resolve();
const orderFrame = (accountSeq: number) => ({ channelType: 'myOrder', order: { accountSeq, orders: [] } });

describe('private channels merged per (profile, channel)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', Object.assign(FakeSocket, { OPEN: 1 }));
    vi.stubGlobal('location', { protocol: 'http:', host: '127.0.0.1:8787' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the union of every subscriber on the wire and routes frames by account', async () => {
    const { Stream } = await import('./ws.js');
    const s = new Stream('/ws/private?profile=p1');
    const got: Record<string, number[]> = { trade: [], monitor2: [], monitor3: [], main: [] };
    const record = (who: string) => (f: Record<string, { accountSeq?: number }>) =>
      got[who]!.push(f.order?.accountSeq ?? 1);

    const offTrade = s.subscribe({ type: 'myOrder', accountSeqs: [1] }, record('trade'));
    const ws = FakeSocket.all[0]!;
    ws.open();
    await tick();
    expect(ws.holds('myOrder')).toEqual([[1], [1]]);

    // Two more views in one commit: one message, the union [1,2,3].
    const off2 = s.subscribe({ type: 'myOrder', accountSeqs: [2] }, record('monitor2'));
    const off3 = s.subscribe({ type: 'myOrder', accountSeqs: [3] }, record('monitor3'));
    await tick();
    expect(ws.sent.at(-1)).toEqual([
      { requestId: 2, method: 'unsubscribe', type: 'myOrder', accountSeqs: [1] },
      { requestId: 3, method: 'subscribe', type: 'myOrder', accountSeqs: [1, 2, 3] },
    ]);
    expect(ws.holds('myOrder')).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);

    // A subscriber without accountSeqs means the main account.
    const offMain = s.subscribe({ type: 'myOrder' }, record('main'));
    await tick();
    expect(ws.sent).toHaveLength(2);

    for (const a of [1, 2, 3]) ws.recv(orderFrame(a));
    ws.recv({ channelType: 'myOrder', order: { orders: [] } });
    expect(got).toEqual({ trade: [1, 1], monitor2: [2], monitor3: [3], main: [1, 1] });

    // Leaving: only the accounts nobody needs any more are removed.
    off2();
    await tick();
    expect(ws.sent.at(-1)).toEqual([
      { requestId: 4, method: 'unsubscribe', type: 'myOrder', accountSeqs: [2] },
    ]);
    expect(ws.holds('myOrder')).toEqual([
      [1, 3],
      [1, 3],
    ]);
    offTrade();
    await tick();
    expect(ws.sent).toHaveLength(3); // 'main' still needs account 1
    offMain();
    off3();
    await tick();
    expect(ws.holds('myOrder')).toEqual([[], []]);
  });

  it('an unmount and a mount in the same commit leave the wire untouched; channels are independent', async () => {
    const { Stream } = await import('./ws.js');
    const s = new Stream('/ws/private?profile=p1');
    const offA = s.subscribe({ type: 'myAsset', accountSeqs: [1] }, () => {});
    const offO = s.subscribe({ type: 'myOrder', accountSeqs: [2] }, () => {});
    const ws = FakeSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([
      [
        { requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [2] },
        { requestId: 2, method: 'subscribe', type: 'myAsset', accountSeqs: [1] },
      ],
    ]);
    await tick();
    offA();
    const offA2 = s.subscribe({ type: 'myAsset', accountSeqs: [1] }, () => {});
    await tick();
    expect(ws.sent).toHaveLength(1);
    expect(ws.holds('myOrder')).toEqual([[2], [2]]);
    offA2();
    offO();
  });

  it('a new socket gets the current union in one subscribe per channel', async () => {
    const { Stream } = await import('./ws.js');
    const s = new Stream('/ws/private?profile=p1');
    const offs = [1, 2].map((a) => s.subscribe({ type: 'myTrade', accountSeqs: [a] }, () => {}));
    const ws = FakeSocket.all[0]!;
    ws.open();
    await tick();
    ws.close();
    // Changes while the socket is down are not sent; the reopened socket gets the union.
    offs[0]!();
    const off3 = s.subscribe({ type: 'myTrade', accountSeqs: [3] }, () => {});
    await tick();
    vi.advanceTimersByTime(1000);
    const ws2 = FakeSocket.all[1]!;
    ws2.open();
    expect(ws2.sent).toEqual([[{ requestId: 2, method: 'subscribe', type: 'myTrade', accountSeqs: [2, 3] }]]);
    await tick();
    expect(ws2.sent).toHaveLength(1);
    offs[1]!();
    off3();
    await tick();
    expect(ws2.holds('myTrade')).toEqual([[], []]);
  });
});
