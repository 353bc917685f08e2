import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../../lib/i18n/index.js';
import { PNL_STRINGS } from './strings.js';

describe('the page words (arrive with the chunk)', () => {
  it('Korean and English have the same keys', () => {
    expect(Object.keys(PNL_STRINGS.ko).sort()).toEqual(Object.keys(PNL_STRINGS.en).sort());
  });
  it('are in both dictionaries once the module has loaded', () => {
    expect(DICTIONARIES.ko['pnl.tax.disclaimer']).toContain('세무 조언이 아닙니다');
    expect(DICTIONARIES.en['pnl.twr']).toBe('Return TWR');
    expect(DICTIONARIES.ko['nav.pnl']).toBe('투자손익');
  });
  it('every reason, list, period and gap the page can name has words', () => {
    const keys = [
      ...[
        'costUnknown',
        'preLedgerHoldings',
        'missingPrice',
        'ledgerGap',
        'snapshotMismatch',
        'unseenOutflow',
      ].map((r) => `pnl.reason.${r}`),
      ...['trades', 'krwDeposits', 'krwWithdrawals', 'coinDeposits', 'coinWithdrawals', 'transfers'].map(
        (l) => `pnl.list.${l}`,
      ),
      ...['today', '7d', '30d', '3m', 'ytd', 'custom'].map((p) => `pnl.period.${p}`),
      ...['offline', 'unreadable', 'beforeFirstSync'].map((g) => `pnl.gap.${g}`),
      ...['badDay', 'reversed', 'future'].map((p) => `pnl.period.problem.${p}`),
    ];
    for (const lang of ['ko', 'en'] as const) expect(keys.filter((k) => !PNL_STRINGS[lang][k])).toEqual([]);
  });
});
