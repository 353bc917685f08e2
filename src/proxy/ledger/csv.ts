// The year export: the engine's CSV tables (core/pnl/csv.ts) of one KST year, alone or as one file with
// three titled sections (fills, flows, realized P&L). One byte order mark at the very start (the route adds it).
import { KST_OFFSET_MS } from '../../core/desk/dayPnl.js';
import { BOM, type CsvLang, fillsCsv, flowsCsv, realizedCsv } from '../../core/pnl/csv.js';
import type { PnlIndex } from '../../core/pnl/pnlIndex.js';
import { queryPnl } from '../../core/pnl/query.js';
import { realizedRows } from '../../core/pnl/tax.js';
import type { PnlQuery } from '../../core/pnl/types.js';

export type CsvPart = 'all' | 'fills' | 'flows' | 'realized';

/** 00:00 KST on 1 January of `year`. */
export const kstYearStart = (year: number) => Date.UTC(year, 0, 1) - KST_OFFSET_MS;

const TITLES = {
  ko: { fills: '체결 내역', flows: '입출금·이체', realized: '실현 손익' },
  en: { fills: 'Fills', flows: 'Deposits, withdrawals and transfers', realized: 'Realized P&L' },
} as const;

const noBom = (s: string) => (s.startsWith(BOM) ? s.slice(BOM.length) : s);

export function ledgerCsvBody(
  index: PnlIndex,
  scope: PnlQuery['scope'],
  year: number,
  part: CsvPart = 'all',
  lang: CsvLang = 'ko',
): string {
  const from = kstYearStart(year);
  const to = kstYearStart(year + 1);
  const inScope = (r: { profileId: string; accountSeq: number }) =>
    scope === 'all' || scope.some((s) => s.profileId === r.profileId && s.accountSeq === r.accountSeq);
  const tables = {
    fills: () => fillsCsv(index.events.filter(inScope), lang, from, to),
    flows: () => flowsCsv(queryPnl(index, { from, to: to - 1, scope }).flows, lang),
    realized: () => realizedCsv(realizedRows(index, scope), year, lang),
  };
  if (part !== 'all') return noBom(tables[part]());
  return (['fills', 'flows', 'realized'] as const)
    .map((p) => `${TITLES[lang][p]}\r\n${noBom(tables[p]())}`)
    .join('\r\n');
}
