import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(JSON.parse(s));
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
}

describe('Stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: '127.0.0.1:8787' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refcounts subscriptions, routes frames, relays proxy control frames and resubscribes after a drop', async () => {
    const { Stream } = await import('./ws.js');
    const s = new Stream('/ws/public');
    const statuses: string[] = [];
    s.onStatus((x) => statuses.push(x));
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = s.subscribe({ type: 'trade', symbols: ['btc_krw'] }, (f) => a.push(f));
    const offB = s.subscribe({ type: 'trade', symbols: ['btc_krw'] }, (f) => b.push(f));
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toBe('ws://127.0.0.1:8787/ws/public');
    ws.open();
    // One subscription on the wire for two listeners.
    expect(ws.sent).toEqual([[{ requestId: 1, method: 'subscribe', type: 'trade', symbols: ['btc_krw'] }]]);

    ws.recv({ type: 'trade', symbol: 'btc_krw', timestamp: Date.now(), data: [] });
    ws.recv({ type: 'trade', symbol: 'eth_krw', timestamp: Date.now(), data: [] });
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);

    ws.recv({ type: 'proxy', event: 'interrupted', reason: 'upstream down' });
    expect(s.status).toBe('interrupted');
    ws.recv({ type: 'proxy', event: 'resumed' });
    expect(s.status).toBe('open');

    offA();
    expect(ws.sent).toHaveLength(1);
    // The socket drops: reconnect with backoff and subscribe again.
    ws.close();
    expect(s.status).toBe('interrupted');
    vi.advanceTimersByTime(1000);
    const ws2 = FakeSocket.all[1]!;
    ws2.open();
    expect(ws2.sent[0]).toEqual([{ requestId: 2, method: 'subscribe', type: 'trade', symbols: ['btc_krw'] }]);
    offB();
    expect(ws2.sent[1]).toEqual([
      { requestId: 3, method: 'unsubscribe', type: 'trade', symbols: ['btc_krw'] },
    ]);
    // Idle sockets close after a while.
    vi.advanceTimersByTime(11_000);
    expect(s.status).toBe('closed');
    expect(statuses).toEqual([
      'closed',
      'connecting',
      'open',
      'interrupted',
      'open',
      'interrupted',
      'open',
      'closed',
    ]);
  });

  it('keeps the key problem the proxy tells on a private socket until keyOk, resumed or a fresh socket', async () => {
    const { Stream } = await import('./ws.js');
    const s = new Stream('/ws/private?profile=p1');
    let changes = 0;
    s.onKeyProblem(() => changes++);
    s.subscribe({ type: 'myOrder', accountSeqs: [1] }, () => {});
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.recv({
      type: 'proxy',
      event: 'interrupted',
      reason: 'upstream refused the connection (HTTP 401 KEY_EXPIRED)',
    });
    ws.recv({
      type: 'proxy',
      event: 'keyProblem',
      code: 'KEY_EXPIRED',
      description: 'The API key has expired.',
    });
    expect(s.status).toBe('interrupted');
    expect(s.keyProblem).toMatchObject({ code: 'KEY_EXPIRED', description: 'The API key has expired.' });
    ws.recv({ type: 'proxy', event: 'keyOk' });
    expect(s.keyProblem).toBeNull();
    ws.recv({ type: 'proxy', event: 'keyProblem', code: 'IP_NOT_ALLOWED' });
    ws.recv({ type: 'proxy', event: 'resumed' });
    expect(s.keyProblem).toBeNull();
    expect(s.status).toBe('open');
    ws.recv({ type: 'proxy', event: 'keyProblem', code: 'KEY_EXPIRED' });
    ws.close();
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1]!.open();
    expect(s.keyProblem).toBeNull();
    expect(changes).toBe(6);
  });
});
