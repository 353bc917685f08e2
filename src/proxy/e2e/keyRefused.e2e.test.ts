// biome-ignore-all lint/suspicious/noExplicitAny: frames and answers are read loosely in tests
// Refusals are told, not looped (issue 18 item 2), against the real sandbox: a refused private
// handshake with a key code parks the profile's private stream (a handful of attempts at most,
// counted by the sandbox), every browser socket of the profile hears `keyProblem`, the session
// carries `profileHealth`; a retry after the refusal is lifted streams again; a time-window refusal
// resyncs the clock once and connects at once; a key code on REST marks the profile the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSocket } from '../testing/harness.js';
import { sleep } from '../testing/harness.js';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack({ relayBackoff: { baseMs: 50, capMs: 200 } });
});
afterAll(async () => {
  await s?.close();
});

const PROFILE = 'sandbox-hmac';

/** The next message after index `from` that matches. */
async function next(sock: TestSocket, from: number, pred: (m: any) => boolean, ms = 5000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const hit = sock.messages.slice(from).find(pred);
    if (hit) return hit;
    if (Date.now() > end) throw new Error(`not received; got ${JSON.stringify(sock.messages.slice(from))}`);
    await sleep(20);
  }
}

const refusals = async () =>
  (await s.admin('/ws/refusePrivate')).data as { attempts: number; refused: number };

describe('refused private handshake', () => {
  it('KEY_EXPIRED: a handful of attempts, keyProblem to every browser, profileHealth; retry resumes', async () => {
    const start = await refusals();
    await s.admin('/ws/refusePrivate', { code: 'KEY_EXPIRED' });
    const a = await s.t.ws(`/ws/private?profile=${PROFILE}`);
    a.send([{ requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: [1] }]);
    const told = await next(a, 0, (m) => m.type === 'proxy' && m.event === 'keyProblem');
    expect(told).toMatchObject({ code: 'KEY_EXPIRED', description: expect.stringContaining('expired') });
    // with a 50-200 ms backoff a loop would knock dozens of times in this pause
    await sleep(1500);
    const after = await refusals();
    expect(after.refused - start.refused).toBeGreaterThanOrEqual(1);
    expect(after.refused - start.refused).toBeLessThanOrEqual(3);

    const session = await s.t.api('GET', '/api/session');
    expect(session.json.profileHealth[PROFILE]).toMatchObject({ code: 'KEY_EXPIRED', seen: 'stream' });
    expect(typeof session.json.profileHealth[PROFILE].since).toBe('number');

    // a second tab is told at once, without another attempt
    const b = await s.t.ws(`/ws/private?profile=${PROFILE}`);
    await next(b, 0, (m) => m.event === 'keyProblem' && m.code === 'KEY_EXPIRED');
    expect((await refusals()).attempts).toBe(after.attempts);

    // a retry while still refused is told again, one more attempt only
    const mark = a.messages.length;
    const r1 = await s.t.api('POST', `/api/profiles/${PROFILE}/retry`, { body: {} });
    expect(r1.json.data.retrying).toBe(true);
    await next(a, mark, (m) => m.event === 'keyProblem' && m.code === 'KEY_EXPIRED');
    expect((await refusals()).refused).toBe(after.refused + 1);

    // lifted + retry: streaming resumes, the problem is gone
    await s.admin('/ws/refusePrivate', { code: null });
    const mark2 = a.messages.length;
    const r2 = await s.t.api('POST', `/api/profiles/${PROFILE}/retry`, { body: {} });
    expect(r2.status).toBe(200);
    await next(a, mark2, (m) => m.type === 'proxy' && m.event === 'resumed');
    await next(a, mark2, (m) => m.type === 'proxy' && m.event === 'keyOk');
    expect((await s.t.api('GET', '/api/session')).json.profileHealth).toEqual({});
    const order = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100000000', qty: '0.0001' },
    });
    expect(order.status).toBe(200);
    const frame = await next(a, mark2, (m) => m.channelType === 'myOrder');
    expect(JSON.stringify(frame)).toContain(String(order.json.data.orderId));
    a.close();
    b.close();
  });

  it('a change of the default profile lets a stopped profile try again', async () => {
    await s.admin('/ws/refusePrivate', { code: 'KEY_NOT_FOUND' });
    const a = await s.t.ws(`/ws/private?profile=${PROFILE}`);
    a.send([{ requestId: 1, method: 'subscribe', type: 'myAsset', accountSeqs: [1] }]);
    await next(a, 0, (m) => m.event === 'keyProblem' && m.code === 'KEY_NOT_FOUND');
    const stopped = await refusals();
    const other = (await s.t.api('GET', '/api/profiles')).json.data.profiles.find(
      (p: any) => p.id !== PROFILE,
    );
    await s.admin('/ws/refusePrivate', { code: null });
    const mark = a.messages.length;
    expect((await s.t.api('POST', `/api/profiles/${other.id}/default`, { body: {} })).status).toBe(200);
    await next(a, mark, (m) => m.type === 'proxy' && m.event === 'resumed');
    expect((await refusals()).attempts).toBe(stopped.attempts + 1);
    expect((await s.t.api('GET', '/api/session')).json.profileHealth).toEqual({});
    await s.t.api('POST', `/api/profiles/${PROFILE}/default`, { body: {} });
    a.close();
  });

  it('EXCEED_TIME_WINDOW: one clock resync and an immediate, successful retry', async () => {
    const a = await s.t.ws(`/ws/private?profile=${PROFILE}`);
    a.send([{ requestId: 1, method: 'subscribe', type: 'myAsset', accountSeqs: [1] }]);
    await a.waitFor((m) => m.requestId === 1);
    const clock = s.t.proxy.internals.forwarder.clock(s.sbx.restUrl);
    const syncedBefore = clock.lastSyncAt;
    const start = await refusals();
    await s.admin('/ws/refusePrivate', { code: 'EXCEED_TIME_WINDOW', count: 1 });
    const mark = a.messages.length;
    await s.admin('/faults/ws', { action: 'drop', target: 'private' });
    await next(a, mark, (m) => m.type === 'proxy' && m.event === 'resumed');
    const end = await refusals();
    expect(end.refused - start.refused).toBe(1);
    expect(end.attempts - start.attempts).toBe(2);
    expect(clock.lastSyncAt).toBeGreaterThan(syncedBefore);
    expect(a.messages.slice(mark).some((m) => m.event === 'keyProblem')).toBe(false);
    a.close();
  });

  it('a key code on a REST call marks the profile; a later success clears it', async () => {
    const a = await s.t.ws(`/ws/private?profile=${PROFILE}`);
    a.send([{ requestId: 1, method: 'subscribe', type: 'myAsset', accountSeqs: [1] }]);
    await a.waitFor((m) => m.requestId === 1);
    const apiKey = s.sbx.credentials.hmac.apiKey;
    await s.admin('/keys/update', { apiKey, status: 'deactivated' });
    const mark = a.messages.length;
    const r = await s.t.api('GET', '/api/v2/balance');
    expect(r.json.error.message).toBe('KEY_DEACTIVATED');
    expect((await s.t.api('GET', '/api/session')).json.profileHealth[PROFILE]).toMatchObject({
      code: 'KEY_DEACTIVATED',
      seen: 'rest',
    });
    await next(a, mark, (m) => m.event === 'keyProblem' && m.code === 'KEY_DEACTIVATED');
    await s.admin('/keys/update', { apiKey, status: 'activated' });
    expect((await s.t.api('GET', '/api/v2/balance')).status).toBe(200);
    expect((await s.t.api('GET', '/api/session')).json.profileHealth).toEqual({});
    await next(a, mark, (m) => m.event === 'keyOk');
    a.close();
  });
});
