import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors.js';
import { readWithRetry, withRetry } from './retry.js';

const answer = (status: number, code?: string, headers: Record<string, string> = {}) => ({
  status,
  headers,
  envelope: code ? { success: false, error: { code: status, message: code } } : { success: true, data: 1 },
});

function scripted<T>(steps: (() => T)[]) {
  let i = 0;
  const fn = async () => {
    const step = steps[Math.min(i, steps.length - 1)] as () => T;
    i++;
    return step();
  };
  return { fn, calls: () => i };
}

describe('readWithRetry', () => {
  it('retries 503 answers and transport errors, then returns the success', async () => {
    const waits: number[] = [];
    const s = scripted<ReturnType<typeof answer>>([
      () => answer(503, 'SERVICE_UNAVAILABLE'),
      () => {
        throw new ProxyError(502, 'UPSTREAM_UNREACHABLE');
      },
      () => {
        throw new Error('socket hang up');
      },
      () => answer(200),
    ]);
    const r = await readWithRetry(s.fn, { sleep: async (ms) => void waits.push(ms) });
    expect(r.envelope.success).toBe(true);
    expect(s.calls()).toBe(4);
    expect(waits).toEqual([100, 200, 400]);
  });
  it('returns a coded refusal at once', async () => {
    const s = scripted([() => answer(400, 'ORDER_NOT_FOUND')]);
    const r = await readWithRetry(s.fn, { sleep: async () => {} });
    expect(r.status).toBe(400);
    expect(s.calls()).toBe(1);
  });
  it('honours Retry-After and gives back the last failure when the budget runs out', async () => {
    const waits: number[] = [];
    const s = scripted([() => answer(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '1' })]);
    const r = await readWithRetry(s.fn, { budgetMs: 2500, sleep: async (ms) => void waits.push(ms) });
    expect(r.status).toBe(429);
    expect(waits).toEqual([1000, 1000]);
    expect(s.calls()).toBe(3);
  });
  it('rethrows the last error when every attempt threw', async () => {
    const s = scripted<never>([
      () => {
        throw new ProxyError(504, 'UPSTREAM_TIMEOUT');
      },
    ]);
    await expect(withRetry(s.fn, { budgetMs: 300, sleep: async () => {} })).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
    });
    expect(s.calls()).toBe(3); // waits 100 + 200 fit the 300 ms budget
  });
});
