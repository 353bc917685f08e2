// The desk's 00:00 equity from the ledger: the engine's start figure for [00:00 KST, now), computed
// in the background, refused where rows or prices are missing.
import { describe, expect, it } from 'vitest';
import { kstDayStart } from '../../core/desk/dayPnl.js';
import { fill, P } from '../../core/pnl/fixtures.js';
import { buildPnlIndex } from '../../core/pnl/pnlIndex.js';
import type { EquityPoint, Holding, PriceMark } from '../../core/pnl/types.js';
import { type GapView, toEngineGap } from './events.js';
import { DayOpenings } from './openings.js';

const NOW = Date.UTC(2027, 0, 10, 5, 0); // 14:00 KST
const DAY = kstDayStart(NOW);
const H = 3_600_000;

function fakeService(
  o: { gaps?: () => GapView[]; marks?: PriceMark[]; btc?: string; snapshots?: EquityPoint[] } = {},
) {
  // 0.5 BTC and 1,000,000 KRW held now; 0.1 BTC of it bought at 10:00 KST for 10,000,000
  const holdings: Holding[] = [
    {
      profileId: P,
      accountSeq: 1,
      currency: 'btc',
      qty: o.btc ?? '0.5',
      at: NOW - 60_000,
      priceKrw: '110000000',
      ledgerCovers: true,
    },
    { profileId: P, accountSeq: 1, currency: 'krw', qty: '1000000', at: NOW - 60_000 },
  ];
  const marks = o.marks ?? [
    { currency: 'btc', at: DAY - H, priceKrw: '100000000' },
    { currency: 'btc', at: DAY + 10 * H, priceKrw: '100000000' },
    { currency: 'btc', at: NOW - 60_000, priceKrw: '110000000' },
  ];
  // built as the service builds it: the ledger's gaps of the moment go into the index
  const index = () =>
    buildPnlIndex({
      events: [fill(1, DAY + 10 * H, 'buy', '100000000', '0.1')],
      holdings,
      marks,
      snapshots: o.snapshots ?? [],
      gaps: (o.gaps?.() ?? []).map(toEngineGap),
    });
  let prepared = 0;
  return {
    prepared: () => prepared,
    svc: {
      prepare: async () => {
        prepared++;
      },
      livePrices: async () => ({ btc: '110000000' }),
      indexReady: async () => ({ index: index(), gaps: o.gaps?.() ?? [] }),
      accounts: () => [{ owner: 'u1', profileId: P, accountSeq: 1 }],
    },
  };
}

describe('DayOpenings', () => {
  it('answers null at first, then the equity at 00:00 rebuilt through the day rows', async () => {
    const f = fakeService();
    const o = new DayOpenings(f.svc as never, undefined, () => NOW);
    expect(o.get('u1', 1, DAY)).toBeNull();
    await o.idle();
    // at 00:00: 0.4 BTC at 100,000,000 and 1,000,000 + 10,000,000 KRW (the 10:00 buy not yet made)
    expect(o.get('u1', 1, DAY)).toBe('51000000');
    expect(o.get('u1', 2, DAY)).toBeNull();
    expect(f.prepared()).toBe(1);
  });

  it('gives none for an account whose ledger has a gap in the day', async () => {
    const gap: GapView = {
      profileId: P,
      accountSeq: 1,
      list: 'trades',
      from: DAY + H,
      to: DAY + 2 * H,
      reason: 'unreadable',
    };
    const o = new DayOpenings(fakeService({ gaps: () => [gap] }).svc as never, undefined, () => NOW);
    o.get('u1', 1, DAY);
    await o.idle();
    expect(o.get('u1', 1, DAY)).toBeNull();
  });

  it('gives none when a coin had no price at 00:00', async () => {
    const late = [{ currency: 'btc', at: NOW - 60_000, priceKrw: '110000000' }];
    const o = new DayOpenings(fakeService({ marks: late }).svc as never, undefined, () => NOW);
    o.get('u1', 1, DAY);
    await o.idle();
    expect(o.get('u1', 1, DAY)).toBeNull();
  });

  it('refresh() reads at once, without a desk read and past the pause', async () => {
    const f = fakeService();
    const o = new DayOpenings(f.svc as never, undefined, () => NOW);
    o.refresh();
    await o.idle();
    o.refresh();
    await o.idle();
    expect(f.prepared()).toBe(2);
    expect(o.get('u1', 1, DAY)).toBe('51000000');
  });

  it('a refresh asked for during a round runs another one after it', async () => {
    const f = fakeService();
    const o = new DayOpenings(f.svc as never, undefined, () => NOW);
    o.get('u1', 1, DAY); // a desk read starts a round
    o.refresh(); // the ledger's sync ends while it runs
    await o.idle();
    expect(f.prepared()).toBe(2);
  });

  it('gives none when less is held than the ledger built (the outflow may be from before 00:00)', async () => {
    // the ledger built 0.1 BTC today on top of the opening; the exchange reports none at all
    const o = new DayOpenings(fakeService({ btc: '0' }).svc as never, undefined, () => NOW);
    o.get('u1', 1, DAY);
    await o.idle();
    expect(o.get('u1', 1, DAY)).toBeNull();
  });

  it("gives none when the engine's equity disagrees with the desk's sample of the balances", async () => {
    // the ledger says 56,000,000 now (0.5 BTC at 110,000,000 and 1,000,000 KRW); the desk sampled 51,000,000
    const openingWhenSampled = async (equityKrw: string) => {
      const sample: EquityPoint = { profileId: P, accountSeq: 1, at: NOW - 30_000, equityKrw };
      const o = new DayOpenings(fakeService({ snapshots: [sample] }).svc as never, undefined, () => NOW);
      o.get('u1', 1, DAY);
      await o.idle();
      return o.get('u1', 1, DAY);
    };
    expect(await openingWhenSampled('56000000')).toBe('51000000');
    expect(await openingWhenSampled('51000000')).toBeNull();
  });

  it('withdraws an answer that a later round finds unfit', async () => {
    let t = NOW;
    let gaps: GapView[] = [];
    const f = fakeService({ gaps: () => gaps });
    const o = new DayOpenings(f.svc as never, undefined, () => t);
    o.get('u1', 1, DAY);
    await o.idle();
    expect(o.get('u1', 1, DAY)).toBe('51000000');
    gaps = [
      { profileId: P, accountSeq: 1, list: 'trades', from: DAY + H, to: DAY + 2 * H, reason: 'unreadable' },
    ];
    t += 11 * 60_000;
    o.get('u1', 1, DAY);
    await o.idle();
    expect(o.get('u1', 1, DAY)).toBeNull();
  });

  it('tries again only after a pause, and reads again after ten minutes', async () => {
    let t = NOW;
    const f = fakeService();
    const o = new DayOpenings(f.svc as never, undefined, () => t);
    o.get('u1', 1, DAY);
    await o.idle();
    o.get('u1', 1, DAY);
    await o.idle();
    expect(f.prepared()).toBe(1);
    t += 11 * 60_000;
    expect(o.get('u1', 1, DAY)).toBe('51000000'); // the old answer while the new one is read
    await o.idle();
    expect(f.prepared()).toBe(2);
  });
});
