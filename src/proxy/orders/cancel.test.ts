import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors.js';
import type { Forwarder, ForwardInput, ForwardResult } from '../forward/forwarder.js';
import { OrderCanceler } from './cancel.js';

type Step = ForwardResult | Error;
const res = (status: number, body: unknown): ForwardResult => ({
  status,
  envelope: body as ForwardResult['envelope'],
  text: JSON.stringify(body),
  headers: {},
});
const okRes = (data?: unknown) => res(200, data === undefined ? { success: true } : { success: true, data });
const errRes = (status: number, code: string) =>
  res(status, { success: false, error: { code: status, message: code } });
const row = (status: string) => okRes({ orderId: 7, status, qty: '1', filledQty: '0' });

/** A forwarder answering DELETEs and GETs from two scripts (the last step repeats). */
function fake(deletes: Step[], gets: Step[]) {
  const calls: string[] = [];
  const take = (list: Step[], i: number) => list[Math.min(i, list.length - 1)] as Step;
  let d = 0;
  let g = 0;
  const f = {
    async execute(input: ForwardInput): Promise<ForwardResult> {
      calls.push(input.method);
      const step = input.method === 'DELETE' ? take(deletes, d++) : take(gets, g++);
      if (step instanceof Error) throw step;
      return step;
    },
  } as unknown as Forwarder;
  return { f, calls };
}

const target = { profileId: 'p', accountSeq: 1, symbol: 'btc_krw', orderId: 7 };
const opts = { sleep: async () => {}, confirmDelayMs: 0 };

describe('OrderCanceler', () => {
  it('resends after TRY_AGAIN and confirms the cancel by reading the order', async () => {
    const { f, calls } = fake([errRes(409, 'TRY_AGAIN'), okRes()], [row('canceled')]);
    const r = await new OrderCanceler(f, opts).cancel(target);
    expect(r.outcome).toBe('canceled');
    expect(r.sends).toBe(2);
    expect(r.accepted).toBe(true);
    expect(calls).toEqual(['DELETE', 'DELETE', 'GET']);
  });
  it('resends after 5xx and transport errors; a lost answer whose cancel landed is canceled', async () => {
    const { f } = fake(
      [errRes(503, 'SERVICE_UNAVAILABLE'), new ProxyError(502, 'UPSTREAM_UNREACHABLE')],
      [row('canceled')],
    );
    const r = await new OrderCanceler(f, { ...opts, budgetMs: 300 }).cancel(target);
    expect(r.sends).toBe(3); // 100 + 200 ms of budget
    expect(r.outcome).toBe('canceled');
    expect(r.accepted).toBe(false);
  });
  it('counts an order still open after the retries as open, with the last code', async () => {
    const { f } = fake([errRes(409, 'TRY_AGAIN')], [row('open')]);
    const r = await new OrderCanceler(f, { ...opts, budgetMs: 700 }).cancel(target);
    expect(r.sends).toBe(4);
    expect(r).toMatchObject({ outcome: 'open', code: 'TRY_AGAIN' });
  });
  it('does not resend a final refusal; an already filled order is filled', async () => {
    const { f, calls } = fake([errRes(400, 'ORDER_ALREADY_FILLED')], [errRes(503, 'SERVICE_UNAVAILABLE')]);
    const r = await new OrderCanceler(f, { ...opts, budgetMs: 0 }).cancel(target);
    expect(r).toMatchObject({ outcome: 'filled', code: 'ORDER_ALREADY_FILLED', sends: 1 });
    expect(calls.filter((c) => c === 'DELETE')).toHaveLength(1);
    const perm = fake([errRes(403, 'PERMISSION_DENIED')], [row('open')]);
    const r2 = await new OrderCanceler(perm.f, opts).cancel(target);
    expect(r2).toMatchObject({ outcome: 'open', code: 'PERMISSION_DENIED', sends: 1 });
  });
  it('reads again while an accepted cancel still shows open (accepted asynchronously)', async () => {
    const { f } = fake([okRes()], [row('open'), row('open'), row('canceled')]);
    const r = await new OrderCanceler(f, opts).cancel(target);
    expect(r.outcome).toBe('canceled');
    const stuck = fake([okRes()], [row('open')]);
    const r2 = await new OrderCanceler(stuck.f, { ...opts, confirmTries: 3 }).cancel(target);
    expect(r2).toMatchObject({ outcome: 'open', code: 'CANCEL_STILL_OPEN' });
  });
  it('is unknown when an accepted cancel cannot be read back', async () => {
    const { f } = fake([okRes()], [new ProxyError(504, 'UPSTREAM_TIMEOUT')]);
    const r = await new OrderCanceler(f, opts).cancel(target);
    expect(r).toMatchObject({ outcome: 'unknown', code: 'CANCEL_OUTCOME_UNKNOWN' });
  });
  it('answers the browser in the exchange envelope', async () => {
    const params: [string, string][] = [
      ['symbol', 'btc_krw'],
      ['orderId', '7'],
    ];
    const a = fake([errRes(409, 'TRY_AGAIN'), okRes()], [row('canceled')]);
    const r = await new OrderCanceler(a.f, opts).cancelForBrowser('p', params);
    expect(r.envelope).toEqual({ success: true });
    expect(r.headers['X-Cancel-Outcome']).toBe('canceled');
    const b = fake([errRes(503, 'SERVICE_UNAVAILABLE')], [row('canceled')]);
    const rb = await new OrderCanceler(b.f, { ...opts, budgetMs: 100 }).cancelForBrowser('p', params);
    expect(rb.status).toBe(200);
    const c = fake([errRes(400, 'ORDER_ALREADY_FILLED')], [row('filled')]);
    const rc = await new OrderCanceler(c.f, opts).cancelForBrowser('p', params);
    expect(rc.status).toBe(400);
    expect(rc.envelope.error?.message).toBe('ORDER_ALREADY_FILLED');
  });
});
