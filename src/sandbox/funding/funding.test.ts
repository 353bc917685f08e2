import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
let shift = 0;
const STEP = 60_000;
function advance(ms: number) {
  shift += ms;
  env.hmac.offset = shift;
}
const msg = (r: { body: { error?: { message: string } } }) => r.body.error?.message;
const bal = async (currency: string, accountSeq = 1) =>
  (await env.hmac.data('GET', '/v2/balance', { currencies: currency, accountSeq }))[0] ?? {
    balance: '0',
    available: '0',
  };

beforeAll(async () => {
  env = await startSandbox({ clock: () => Date.now() + shift, fundingStepMs: STEP, rateLimitScale: 100 });
});
afterAll(async () => {
  await env.sb.close();
});

describe('deposit addresses', () => {
  it('creates (idempotent: the existing address again), lists and reads addresses; INVALID_CURRENCY / INVALID_NETWORK', async () => {
    const a = await env.hmac.data('POST', '/v2/coin/depositAddress', { currency: 'xrp' });
    expect(a).toMatchObject({ currency: 'xrp', network: 'XRP' });
    expect(a.secondaryAddress).toMatch(/^\d+$/);
    // live: "generate (or return the existing)" (korbit-cli internal/ops/funding_ops.go)
    expect(await env.hmac.data('POST', '/v2/coin/depositAddress', { currency: 'xrp' })).toEqual(a);
    expect(
      (await env.hmac.data('GET', '/v2/coin/depositAddresses')).filter(
        (x: { currency: string }) => x.currency === 'xrp',
      ),
    ).toHaveLength(1);
    expect(await env.hmac.data('GET', '/v2/coin/depositAddress', { currency: 'xrp' })).toEqual(a);
    expect(await env.hmac.data('GET', '/v2/coin/depositAddresses')).toContainEqual(a);
    // before one is generated: success with nothing in it ("Returns nothing until an address has been
    // generated", korbit-cli internal/ops/funding_ops.go)
    expect((await env.hmac.call('GET', '/v2/coin/depositAddress', { currency: 'eth' })).body).toEqual({
      success: true,
    });
    expect(msg(await env.hmac.call('POST', '/v2/coin/depositAddress', { currency: 'zzz' }))).toBe(
      'INVALID_CURRENCY',
    );
    expect(
      msg(await env.hmac.call('POST', '/v2/coin/depositAddress', { currency: 'usdt', network: 'BSC' })),
    ).toBe('INVALID_NETWORK');
    const trc = await env.hmac.data('POST', '/v2/coin/depositAddress', { currency: 'usdt', network: 'TRX' });
    expect(trc.network).toBe('TRX');
  });
});

describe('deposits', () => {
  it('an admin coin deposit is pending, then done and credited', async () => {
    const before = await bal('sol');
    const d = await env.admin('/admin/deposit', { currency: 'sol', amount: '2.5' });
    expect(d.data.status).toBe('pending');
    const list = await env.hmac.data('GET', '/v2/coin/recentDeposits', { currency: 'sol' });
    expect(list[0]).toMatchObject({ id: d.data.id, status: 'pending', quantity: '2.5', currency: 'sol' });
    expect((await bal('sol')).balance).toBe(before.balance);
    advance(STEP);
    const one = await env.hmac.data('GET', '/v2/coin/deposit', { currency: 'sol', coinDepositId: d.data.id });
    expect(one.status).toBe('done');
    expect(Number((await bal('sol')).balance) - Number(before.balance)).toBeCloseTo(2.5, 8);
    expect(msg(await env.hmac.call('GET', '/v2/coin/deposit', { coinDepositId: 999 }))).toBe('NOT_FOUND');
    // the currency beside the id is checked: another currency's lookup does not find it
    expect(
      msg(await env.hmac.call('GET', '/v2/coin/deposit', { currency: 'btc', coinDepositId: d.data.id })),
    ).toBe('NOT_FOUND');
    expect(
      msg(await env.hmac.call('GET', '/v2/coin/deposit', { currency: 'zzz', coinDepositId: d.data.id })),
    ).toBe('INVALID_CURRENCY');
  });

  it('KRW deposit push completes after one step; instant admin deposits credit at once', async () => {
    const before = await bal('krw');
    const r = await env.hmac.call('POST', '/v2/krw/sendKrwDepositPush', { amount: '50000' });
    expect(r.body).toEqual({ success: true }); // a bare acknowledgement (korbit-cli KRWPushResponse)
    const pending = (await env.hmac.data('GET', '/v2/krw/recentDeposits'))[0];
    expect(pending).toMatchObject({ status: 'pending', quantity: '50000' });
    advance(STEP);
    const list = await env.hmac.data('GET', '/v2/krw/recentDeposits');
    expect(list[0]).toMatchObject({ id: pending.id, status: 'done', quantity: '50000' });
    expect((await bal('krw')).balance).toBe(String(Number(before.balance) + 50000));
    await env.admin('/admin/deposit', { currency: 'krw', amount: '1000', instant: true });
    expect((await bal('krw')).balance).toBe(String(Number(before.balance) + 51000));
  });
});

describe('withdrawals', () => {
  const addr = 'bc1qsandboxdemowithdrawal0000000000000000';

  it('holds amount + fee, moves pending -> reviewing -> processing -> done', async () => {
    const btcAddrs = await env.hmac.data('GET', '/v2/coin/withdrawableAddresses', { currency: 'btc' });
    expect(btcAddrs.map((a: { address: string }) => a.address)).toContain(addr);
    const wa = await env.hmac.data('GET', '/v2/coin/withdrawableAmount', { currency: 'btc' });
    expect(wa).toEqual([{ currency: 'btc', withdrawableAmount: '1.4998', withdrawalInUseAmount: '0' }]);
    // without currency: every currency the main account holds, still an array
    const all = await env.hmac.data('GET', '/v2/coin/withdrawableAmount');
    expect(all.map((r: { currency: string }) => r.currency)).toEqual(expect.arrayContaining(['btc', 'krw']));
    const w = await env.hmac.data('POST', '/v2/coin/withdrawal', {
      currency: 'btc',
      amount: '0.1',
      address: addr,
    });
    expect(w.status).toBe('pending');
    const b = await bal('btc');
    expect(b).toMatchObject({ balance: '1.5', withdrawalInUse: '0.1002', available: '1.3998' });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push(
        (
          await env.hmac.data('GET', '/v2/coin/withdrawal', {
            currency: 'btc',
            coinWithdrawalId: w.coinWithdrawalId,
          })
        ).status,
      );
      advance(STEP);
    }
    expect(seen).toEqual(['pending', 'reviewing', 'processing', 'done']);
    const done = (await env.hmac.data('GET', '/v2/coin/recentWithdrawals'))[0];
    expect(done).toMatchObject({ status: 'done', quantity: '0.1', fee: '0.0002', address: addr });
    expect(done.transactionHash).toMatch(/^0x/);
    expect(await bal('btc')).toMatchObject({ balance: '1.3998', withdrawalInUse: '0' });
    expect(
      msg(await env.hmac.call('DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: w.coinWithdrawalId })),
    ).toBe('WITHDRAWAL_ALREADY_FINISHED');
  });

  it('can be canceled while reviewing, not while pending (live rule) or processing', async () => {
    const a = await env.hmac.data('POST', '/v2/coin/withdrawal', {
      currency: 'btc',
      amount: '0.01',
      address: addr,
    });
    expect(
      msg(await env.hmac.call('DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: a.coinWithdrawalId })),
    ).toBe('CANNOT_CANCEL_WITHDRAWAL');
    advance(STEP);
    expect(
      (await env.hmac.call('DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: a.coinWithdrawalId })).body,
    ).toEqual({ success: true });
    expect(
      (await env.hmac.data('GET', '/v2/coin/withdrawal', { coinWithdrawalId: a.coinWithdrawalId })).status,
    ).toBe('canceled');
    expect((await bal('btc')).withdrawalInUse).toBe('0');
    const b = await env.hmac.data('POST', '/v2/coin/withdrawal', {
      currency: 'btc',
      amount: '0.01',
      address: addr,
    });
    advance(2 * STEP);
    expect(
      msg(await env.hmac.call('DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: b.coinWithdrawalId })),
    ).toBe('CANNOT_CANCEL_WITHDRAWAL'); // processing (korbit-cli funding_ops.go: not ALREADY_IN_PROGRESS)
    expect(msg(await env.hmac.call('DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: 9999 }))).toBe(
      'NOT_FOUND',
    );
    advance(2 * STEP);
  });

  it('rejects bad withdrawals with their codes', async () => {
    const w = (p: Record<string, string>) =>
      env.hmac.call('POST', '/v2/coin/withdrawal', { currency: 'btc', address: addr, ...p });
    expect(msg(await w({ amount: '0.0001' }))).toBe('WITHDRAWAL_AMOUNT_TOO_SMALL');
    expect(msg(await w({ amount: '11' }))).toBe('WITHDRAWAL_AMOUNT_TOO_LARGE');
    expect(msg(await w({ amount: '5' }))).toBe('NO_BALANCE');
    expect(msg(await w({ amount: '0.001', address: 'bc1qunknown' }))).toBe('UNREGISTERED_WITHDRAWAL_ADDRESS');
    expect(msg(await w({ amount: '0.001', address: 'forbidden-1' }))).toBe('FORBIDDEN_WITHDRAWAL_ADDRESS');
    expect(msg(await w({ amount: '0.000000001' }))).toBe('BAD_REQUEST');
    expect(msg(await w({ amount: '1e-3' }))).toBe('BAD_REQUEST');
    expect(msg(await w({ currency: 'zzz', amount: '1' }))).toBe('INVALID_CURRENCY');
    await env.admin('/admin/balance', { currency: 'btc', amount: '100' });
    for (let i = 0; i < 4; i++) expect((await w({ amount: '10' })).body.success).toBe(true);
    expect(msg(await w({ amount: '10' }))).toBe('DAILY_LIMIT_EXCEEDED');
    advance(4 * STEP);
  });

  it('WITHDRAWAL_SUSPENDED and DEPOSIT_SUSPENDED when the admin stops a network', async () => {
    await env.admin('/admin/funding/network', {
      currency: 'eth',
      withdrawalStatus: 'stopped',
      depositStatus: 'stopped',
    });
    const w = await env.hmac.call('POST', '/v2/coin/withdrawal', {
      currency: 'eth',
      amount: '1',
      address: '0x00000000000000000000000000000000000dem0',
    });
    expect(msg(w)).toBe('WITHDRAWAL_SUSPENDED');
    expect(msg(await env.hmac.call('POST', '/v2/coin/depositAddress', { currency: 'eth' }))).toBe(
      'DEPOSIT_SUSPENDED',
    );
    const cur = (await env.hmac.pub('/v2/currencies')).body.data.find(
      (c: { name: string }) => c.name === 'eth',
    );
    expect(cur.networkList[0]).toMatchObject({ withdrawalStatus: 'stopped', depositStatus: 'stopped' });
    await env.admin('/admin/funding/network', {
      currency: 'eth',
      withdrawalStatus: 'launched',
      depositStatus: 'launched',
    });
    expect((await env.hmac.call('POST', '/v2/coin/depositAddress', { currency: 'eth' })).body.success).toBe(
      true,
    );
  });

  it('KRW withdrawal push holds amount + fee and completes', async () => {
    const before = await bal('krw');
    const r = await env.hmac.call('POST', '/v2/krw/sendKrwWithdrawalPush', { amount: '10000' });
    expect(r.body).toEqual({ success: true });
    expect((await bal('krw')).withdrawalInUse).toBe('11000');
    const first = (await env.hmac.data('GET', '/v2/krw/recentWithdrawals'))[0];
    // live KRW withdrawal statuses: pending | reviewing | processing | done | failed | canceled
    // (korbit-cli internal/ops/funding_ops.go, `krw withdraw history`)
    expect(first.status).toBe('pending');
    const id = first.id;
    const seen = [first.status];
    for (let i = 0; i < 3; i++) {
      advance(STEP);
      seen.push((await env.hmac.data('GET', '/v2/krw/recentWithdrawals'))[0].status);
    }
    expect(seen).toEqual(['pending', 'reviewing', 'processing', 'done']);
    advance(STEP);
    const list = await env.hmac.data('GET', '/v2/krw/recentWithdrawals');
    expect(list[0]).toMatchObject({ id, status: 'done', quantity: '10000', fee: '1000' });
    expect((await bal('krw')).balance).toBe(String(Number(before.balance) - 11000));
  });
});

describe('account transfers', () => {
  it('moves funds atomically between own accounts', async () => {
    const a1 = await bal('eth', 1);
    const a3 = await bal('eth', 3);
    const t = await env.hmac.data('POST', '/v2/accountTransfer', {
      accountSeq: 1,
      toAccountSeq: 3,
      currency: 'eth',
      amount: '1.25',
    });
    expect(t.status).toBe('done');
    expect(Number((await bal('eth', 1)).balance)).toBeCloseTo(Number(a1.balance) - 1.25, 10);
    expect(Number((await bal('eth', 3)).balance)).toBeCloseTo(Number(a3.balance) + 1.25, 10);
    const got = await env.hmac.data('GET', '/v2/accountTransfer', {
      accountSeq: 3,
      transferId: t.transferId,
    });
    expect(got).toMatchObject({ fromAccountSeq: 1, toAccountSeq: 3, currency: 'eth', amount: '1.25' });
    const recent = await env.hmac.data('GET', '/v2/recentAccountTransfers', { accountSeq: 1 });
    expect(recent[0].transferId).toBe(t.transferId);
    expect(
      msg(await env.hmac.call('GET', '/v2/accountTransfer', { accountSeq: 2, transferId: t.transferId })),
    ).toBe('NOT_FOUND');
  });

  it('rejects same account, no balance, missing accountSeq, and disallowed destination', async () => {
    const t = (p: Record<string, string | number>) =>
      env.hmac.call('POST', '/v2/accountTransfer', { currency: 'eth', amount: '1', ...p });
    expect(msg(await t({ accountSeq: 2, toAccountSeq: 2 }))).toBe('SAME_ACCOUNT_TRANSFER');
    expect(msg(await t({ accountSeq: 3, toAccountSeq: 1, amount: '1000' }))).toBe('NO_BALANCE');
    expect(msg(await t({ toAccountSeq: 2 }))).toBe('BAD_REQUEST');
    expect(msg(await t({ accountSeq: 1, toAccountSeq: 7 }))).toBe('ACCOUNT_SEQ_NOT_ALLOWED');
    expect(msg(await t({ accountSeq: 1, toAccountSeq: 2, currency: 'zzz' }))).toBe('INVALID_CURRENCY');
  });

  it('lists accounts with names and keeps the conservation invariant', async () => {
    expect(await env.hmac.data('GET', '/v2/accounts')).toEqual([
      expect.objectContaining({ accountSeq: 1, accountName: 'Main' }),
      expect.objectContaining({ accountSeq: 2, accountName: 'Trading' }),
      expect.objectContaining({ accountSeq: 3, accountName: 'Savings' }),
    ]);
    expect(env.sb.internals.ledger.checkInvariants()).toEqual([]);
  });
});
