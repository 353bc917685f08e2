// Tax year: moving average against first-in-first-out, fees as expenses, the deduction and the rate;
// returns (TWR, MWR) and the CSV builders, all against hand-computed figures.
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { csvField, fillsCsv, realizedCsv, toCsv } from './csv.js';
import { deposit, fill, P } from './fixtures.js';
import { buildPnlIndex } from './pnlIndex.js';
import { queryPnl } from './query.js';
import { moneyWeighted, timeWeighted } from './returns.js';
import { realizedRows, taxReport } from './tax.js';

const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 3, 0);
const rowsOf = (events: Parameters<typeof buildPnlIndex>[0]['events'], overrides = []) =>
  realizedRows(buildPnlIndex({ events, overrides }));

describe('tax year: moving average against FIFO', () => {
  const events = [
    deposit(1, at(2026, 12, 1), 'krw', '300000000'),
    fill(1, at(2026, 12, 2), 'buy', '100000000', '1'),
    fill(2, at(2027, 1, 5), 'buy', '120000000', '1'),
    fill(3, at(2027, 3, 5), 'sell', '130000000', '1'),
  ];
  it('gains, deduction and the 22 % estimate', () => {
    const t = taxReport(rowsOf(events), 2027);
    expect(t.perAsset).toEqual([
      { currency: 'btc', gainAvgKrw: '20000000', gainFifoKrw: '30000000', proceedsKrw: '130000000' },
    ]);
    expect(t).toMatchObject({
      totalAvgKrw: '20000000',
      totalFifoKrw: '30000000',
      deductionKrw: '2500000',
      taxableKrw: '17500000',
      rate: '0.22',
      estimatedTaxKrw: '3850000',
      beforeTaxStart: false,
      estimateOnly: true,
      uncertain: [],
    });
  });
  it('counts fees as expenses: a buy fee joins the cost, a sell fee lowers the proceeds', () => {
    const withFees = [
      events[0],
      { ...events[1], fee: '50000' },
      { ...events[2], fee: '60000' },
      { ...events[3], fee: '65000' },
    ];
    const t = taxReport(rowsOf(withFees as typeof events), 2027);
    // avg cost (100,050,000 + 120,060,000) / 2 = 110,055,000; proceeds 129,935,000
    expect(t.perAsset[0]).toMatchObject({ gainAvgKrw: '19880000', gainFifoKrw: '29885000' });
  });
  it('a coin fee on a buy leaves fewer units for the same cost', () => {
    const t = taxReport(
      rowsOf([
        deposit(1, at(2027, 1, 1), 'krw', '5000000'),
        fill(1, at(2027, 1, 2), 'buy', '4000000', '1', '0.01', 'eth', 1, 'eth_krw'),
        fill(2, at(2027, 1, 3), 'sell', '5000000', '0.99', '0', 'krw', 1, 'eth_krw'),
      ]),
      2027,
    );
    expect(t.perAsset[0]).toMatchObject({ gainAvgKrw: '950000', gainFifoKrw: '950000' });
    expect(t).toMatchObject({ taxableKrw: '0', estimatedTaxKrw: '0' });
  });
  it('keeps years apart and says when a year is before the tax starts', () => {
    const rows = rowsOf([...events, fill(4, at(2028, 1, 5), 'sell', '90000000', '1')]);
    expect(taxReport(rows, 2027).totalAvgKrw).toBe('20000000');
    expect(taxReport(rows, 2028).totalAvgKrw).toBe('-20000000');
    expect(taxReport(rows, 2028).estimatedTaxKrw).toBe('0');
    expect(taxReport(rows, 2026)).toMatchObject({ beforeTaxStart: true, perAsset: [] });
  });
  it('marks a deposited coin without a cost, and uses an entered one', () => {
    const ev = [
      deposit(1, at(2027, 2, 1), 'eth', '1'),
      fill(1, at(2027, 2, 2), 'sell', '5000000', '1', '0', 'krw', 1, 'eth_krw'),
    ];
    const unknown = taxReport(
      realizedRows(
        buildPnlIndex({ events: ev, marks: [{ currency: 'eth', at: at(2027, 1, 31), priceKrw: '4000000' }] }),
      ),
      2027,
    );
    expect(unknown.perAsset[0]).toMatchObject({ gainAvgKrw: '1000000', costUnknown: true });
    expect(unknown.uncertain).toEqual(['costUnknown']);
    const known = taxReport(
      realizedRows(
        buildPnlIndex({
          events: ev,
          overrides: [{ profileId: P, eventId: 'deposit:eth:1', costKrw: '1000000' }],
        }),
      ),
      2027,
    );
    expect(known.perAsset[0]).toEqual({
      currency: 'eth',
      gainAvgKrw: '4000000',
      gainFifoKrw: '4000000',
      proceedsKrw: '5000000',
    });
  });
});

describe('returns', () => {
  it('time-weighted: sub-periods split at flows, chained', () => {
    const b = (s: string) => new Big(s);
    // 1000 -> 1100 before a 1000 deposit (2100 after) -> 2310 at the end: 1.1 x 1.1
    expect(
      timeWeighted(b('1000'), b('2310'), [{ at: 1, value: b('1000'), equityAfter: b('2100') }]),
    ).toBeCloseTo(0.21, 12);
    expect(timeWeighted(b('0'), b('0'), [])).toBeNull();
  });
  it('money-weighted: the period rate that zeroes the flows', () => {
    expect(
      moneyWeighted([
        { x: 0, amount: new Big(-1000) },
        { x: 1, amount: new Big(1100) },
      ]),
    ).toBeCloseTo(0.1, 9);
    // -1000 at 0, -1000 at 0.5, +2200 at 1: 1000(1+R) + 1000(1+R)^0.5 = 2200
    const r = moneyWeighted([
      { x: 0, amount: new Big(-1000) },
      { x: 0.5, amount: new Big(-1000) },
      { x: 1, amount: new Big(2200) },
    ]) as number;
    expect(1000 * (1 + r) + 1000 * (1 + r) ** 0.5).toBeCloseTo(2200, 6);
    expect(moneyWeighted([{ x: 1, amount: new Big(5) }])).toBeNull();
  });
  it('a period query chains from the first deposit on', () => {
    const t = (h: number) => Date.UTC(2027, 0, 10, h);
    const r = queryPnl(
      buildPnlIndex({
        events: [
          deposit(1, t(1), 'krw', '1000000'),
          fill(1, t(2), 'buy', '100000000', '0.01'),
          deposit(2, t(4), 'krw', '1100000'),
        ],
        marks: [
          { currency: 'btc', at: t(3), priceKrw: '110000000' },
          { currency: 'btc', at: t(5), priceKrw: '121000000' },
        ],
      }),
      { from: t(0), to: t(6), scope: 'all' },
    );
    expect(r.total.endEquityKrw).toBe('2310000');
    expect(r.total.twr).toBeCloseTo(0.155, 12);
    expect(r.total.mwr).not.toBeNull();
  });
});

describe('CSV', () => {
  it('quotes by RFC 4180, guards formulas, starts with a BOM and ends lines with CRLF', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1.5')).toBe('-1.5');
    expect(toCsv(['a', 'b'], [['1', '2']])).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
  it('writes fills and realized rows with Korean headers and KST times', () => {
    const events = [
      deposit(1, at(2027, 1, 1), 'krw', '1000'),
      fill(1, Date.UTC(2027, 0, 1, 15, 30), 'buy', '100', '2', '1'),
      fill(2, at(2027, 1, 3), 'sell', '150', '1'),
    ];
    const fills = fillsCsv(events, 'ko');
    expect(fills.startsWith('\uFEFF체결시각(KST),프로필,계정,마켓,구분')).toBe(true);
    expect(fills).toContain('2027-01-02 00:30:00,p1,1,btc_krw,매수,100,2,200,1,krw,1,');
    const realized = realizedCsv(realizedRows(buildPnlIndex({ events })), 2027, 'en');
    // cost with the buy fee: 201 / 2 = 100.5 per unit
    expect(realized.split('\r\n')[1]).toBe(
      '2027-01-03 12:00:00,2027,p1,1,btc,1,150,100.5,49.5,100.5,49.5,,trade:btc_krw:2',
    );
  });
});
