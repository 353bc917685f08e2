import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/seededRandom.js';
import { tempDir } from '../testing/harness.js';
import { LedgerEventList } from './eventList.js';
import type { LedgerRecord } from './records.js';
import { type KnownAccount, LedgerStore } from './store.js';

const T0 = 1_800_000_000_000;
const accounts: KnownAccount[] = [
  { owner: 'u', accountSeq: 1, profileId: 'p' },
  { owner: 'u', accountSeq: 2, profileId: 'p' },
  { owner: 'v', accountSeq: 1, profileId: 'q' },
];

function randomRecord(
  r: () => number,
  n: number,
  known: readonly KnownAccount[] = accounts,
): { owner: string; seq: number; rows: LedgerRecord[] } {
  const a = known[Math.floor(r() * known.length)] as KnownAccount;
  // few distinct times, so ties between accounts and ids are common; some reach back in time
  const ts = T0 + Math.floor(r() * 40) * 1000;
  const pick = r();
  if (pick < 0.6)
    return {
      owner: a.owner,
      seq: a.accountSeq,
      rows: [
        {
          kind: 'trade',
          symbol: 'btc_krw',
          tradeId: String(n),
          orderId: String(n),
          side: r() < 0.5 ? 'buy' : 'sell',
          price: '100',
          qty: '1',
          amt: '100',
          feeCurrency: 'krw',
          feeQty: '0',
          isTaker: true,
          ts,
        },
      ],
    };
  if (pick < 0.8) {
    // a transfer between u's accounts, written from either side (the other side may come later)
    const seq = r() < 0.5 ? 1 : 2;
    const id = `t${Math.floor(r() * 6)}`;
    return {
      owner: 'u',
      seq,
      rows: [
        {
          kind: 'transfer',
          transferId: id,
          direction: seq === 2 ? 'in' : 'out',
          fromAccountSeq: 1,
          toAccountSeq: 2,
          currency: 'krw',
          amount: '5',
          status: 'done',
          ts: T0 + Number(id.slice(1)) * 1000,
        },
      ],
    };
  }
  // a deposit written pending, later done (a rewrite)
  const id = `d${Math.floor(r() * 5)}`;
  return {
    owner: a.owner,
    seq: a.accountSeq,
    rows: [
      {
        kind: 'krwDeposit',
        id,
        currency: 'krw',
        quantity: '10',
        status: r() < 0.5 ? 'pending' : 'done',
        ts: T0 + Number(id.slice(1)) * 1000 + 500,
      },
    ],
  };
}

describe('LedgerEventList', () => {
  it('reads only what was added, and its list is what a whole read gives after every change', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = seededRandom(seed);
      const store = new LedgerStore(tempDir('kapi-evlist-'));
      const list = new LedgerEventList(store);
      let known = accounts.slice(0, 2);
      for (let n = 0; n < 150; n++) {
        const { owner, seq, rows } = randomRecord(r, n);
        store.commit(owner, seq, rows);
        if (n === 70) known = accounts; // a third account is found
        const before = list.read(known);
        const whole = new LedgerEventList(store).read(known);
        expect(before, `seed ${seed}, step ${n}`).toEqual(whole);
      }
      // most changes were merged in, not read whole
      expect(list.fullReads).toBeLessThan(60);
      store.close();
    }
  });

  it('stays right when two owners share a profile name and account (reads whole then)', () => {
    const shared: KnownAccount[] = [...accounts, { owner: 'w', accountSeq: 1, profileId: 'p' }];
    const r = seededRandom(11);
    const store = new LedgerStore(tempDir('kapi-evlist-'));
    const list = new LedgerEventList(store);
    for (let n = 0; n < 80; n++) {
      const { owner, seq, rows } = randomRecord(r, n, shared);
      store.commit(owner, seq, rows);
      expect(list.read(shared), `step ${n}`).toEqual(new LedgerEventList(store).read(shared));
    }
    store.close();
  });

  it('a read in slices that a read at once overtook leaves the newer list standing', async () => {
    const store = new LedgerStore(tempDir('kapi-evlist-'));
    const rows: LedgerRecord[] = [];
    for (let n = 0; n < 20_000; n++) rows.push(randomRecord(seededRandom(n), n).rows[0] as LedgerRecord);
    store.commit('u', 1, rows);
    const list = new LedgerEventList(store);
    const sliced = list.readReady(accounts); // pauses after its first slice
    const atOnce = list.read(accounts);
    expect(await sliced).toBe(atOnce);
    expect(list.addedSince(atOnce)).toEqual([]);
    store.close();
  });

  it('keeps the same array while nothing changed, and tells what was merged since an earlier list', () => {
    const store = new LedgerStore(tempDir('kapi-evlist-'));
    const list = new LedgerEventList(store);
    const r = seededRandom(9);
    for (let n = 0; n < 5; n++) {
      const { owner, seq, rows } = randomRecord(r, n);
      store.commit(owner, seq, rows);
    }
    const first = list.read(accounts);
    expect(list.read(accounts)).toBe(first);
    const trade = (n: number): LedgerRecord => ({
      kind: 'trade',
      symbol: 'eth_krw',
      tradeId: `x${n}`,
      orderId: `x${n}`,
      side: 'buy',
      price: '1',
      qty: '1',
      amt: '1',
      feeCurrency: 'krw',
      feeQty: '0',
      isTaker: true,
      ts: T0 + 100_000 + n,
    });
    store.commit('u', 1, [trade(1)]);
    const second = list.read(accounts);
    store.commit('v', 1, [trade(2)]);
    const third = list.read(accounts);
    expect(list.addedSince(first)?.map((e) => e.id)).toEqual(['trade:eth_krw:x1:x1', 'trade:eth_krw:x2:x2']);
    expect(list.addedSince(second)?.map((e) => e.id)).toEqual(['trade:eth_krw:x2:x2']);
    expect(list.addedSince(third)).toEqual([]);
    expect(list.addedSince([])).toBeNull();
    expect(first).toHaveLength(third.length - 2);
    // a reader more than 8 steps behind is told to make a whole pass
    for (let n = 3; n < 11; n++) {
      store.commit('u', 2, [trade(n)]);
      list.read(accounts);
    }
    expect(list.addedSince(third)).toHaveLength(8);
    expect(list.addedSince(second)).toBeNull();
    store.close();
  });
});
