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
