import { describe, expect, it } from 'vitest';
import * as schemas from './index.js';

/** Schema names promised in docs/contracts.md section 1. */
const CONTRACT_NAMES = [
  'tickerSchema',
  'orderbookSchema',
  'levelSchema',
  'tradeSchema',
  'candleSchema',
  'currencyPairSchema',
  'tickSizePolicySchema',
  'orderSchema',
  'openOrderSchema',
  'allOrderSchema',
  'balanceSchema',
  'myTradeSchema',
  'preventedMatchSchema',
  'coinDepositSchema',
  'coinWithdrawalSchema',
  'krwDepositSchema',
  'krwWithdrawalSchema',
  'depositAddressSchema',
  'withdrawableAddressSchema',
  'withdrawableAmountSchema',
  'keyInfoSchema',
  'accountSchema',
  'accountTransferSchema',
  'feePolicySchema',
  'currencySchema',
  'noticeSchema',
  'marketAlertSchema',
  'serverTimeSchema',
  'errorEnvelopeSchema',
  'ackSchema',
  'placeOrderResponseSchema',
  'withdrawalRequestResponseSchema',
  'wsRequestSchema',
  'wsAckSchema',
  'wsFailSchema',
  'publicFrameSchema',
  'privateFrameSchema',
  'proxyControlFrameSchema',
] as const;

describe('schemas index', () => {
  it.each(CONTRACT_NAMES)('exports %s as a zod schema', (name) => {
    const s = (schemas as Record<string, unknown>)[name] as { safeParse?: unknown } | undefined;
    expect(typeof s?.safeParse).toBe('function');
  });

  it('exports the helpers', () => {
    expect(typeof schemas.successEnvelope).toBe('function');
    expect(typeof schemas.apiResponse).toBe('function');
    expect(typeof schemas.parseOrThrow).toBe('function');
  });
});

type Def = {
  type: string;
  catchall?: { _zod: { def: Def } };
  shape?: Record<string, Node>;
  [k: string]: unknown;
};
type Node = { _zod: { def: Def } };

/** Walks a schema and returns the paths of objects that would drop unknown fields. */
function strictObjects(node: Node, path: string, seen = new Set<Node>()): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const def = node._zod.def;
  const out: string[] = [];
  if (def.type === 'object') {
    if (def.catchall?._zod.def.type !== 'unknown') out.push(path || '(root)');
    for (const [k, v] of Object.entries(def.shape ?? {})) out.push(...strictObjects(v, `${path}.${k}`, seen));
  }
  for (const key of ['innerType', 'element', 'in', 'out']) {
    const child = def[key] as Node | undefined;
    if (child?._zod) out.push(...strictObjects(child, path, seen));
  }
  for (const key of ['options', 'items']) {
    const list = def[key] as Node[] | undefined;
    if (Array.isArray(list)) for (const c of list) out.push(...strictObjects(c, path, seen));
  }
  return out;
}

describe('every object schema is loose (unknown fields kept), nested ones included', () => {
  const entries = Object.entries(schemas).filter(
    ([name, v]) => name.endsWith('Schema') && typeof (v as { safeParse?: unknown }).safeParse === 'function',
  );
  it('finds the schemas', () => expect(entries.length).toBeGreaterThan(40));
  it.each(entries)('%s', (_name, schema) => {
    expect(strictObjects(schema as unknown as Node, '')).toEqual([]);
  });
  it('envelopes too', () => {
    expect(strictObjects(schemas.successEnvelope(schemas.tickerSchema) as unknown as Node, '')).toEqual([]);
    expect(strictObjects(schemas.apiResponse(schemas.orderSchema) as unknown as Node, '')).toEqual([]);
  });
  it('the checker itself detects a strict object', async () => {
    const { z } = await import('zod');
    expect(strictObjects(z.object({ a: z.object({}) }).loose() as unknown as Node, '')).toEqual(['.a']);
  });
});
