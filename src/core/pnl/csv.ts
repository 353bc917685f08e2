// CSV export of the ledger (pure): fills, flows, and realized P&L of a year. UTF-8 with a byte order
// mark so spreadsheet apps read Hangul, CRLF line ends and RFC 4180 quoting; Korean or English headers.
// Times are KST ('YYYY-MM-DD HH:mm:ss'); numbers stay the exact decimal strings.
import { mul } from '../decimal.js';
import { KST_OFFSET_MS } from '../desk/dayPnl.js';
import type { RealizedRow } from './tax.js';
import type { LedgerEvent, PnlFlow } from './types.js';

export type CsvLang = 'ko' | 'en';
export const BOM = '\uFEFF';

/** One field, quoted when it holds a comma, a quote, CR or LF (quotes doubled), or starts a formula. */
export function csvField(v: string | number | null | undefined): string {
  let s = v === null || v === undefined ? '' : String(v);
  // A cell starting with = + - @ is run as a formula by spreadsheets; numbers (-1.5) stay as they are.
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const lines = [header, ...rows].map((r) => r.map(csvField).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export const kstTime = (t: number) =>
  new Date(t + KST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

const HEAD = {
  fills: {
    ko: [
      '체결시각(KST)',
      '프로필',
      '계정',
      '마켓',
      '구분',
      '가격',
      '수량',
      '체결금액',
      '수수료',
      '수수료통화',
      '체결ID',
      '주문ID',
    ],
    en: [
      'Time (KST)',
      'Profile',
      'Account',
      'Market',
      'Side',
      'Price',
      'Quantity',
      'Amount',
      'Fee',
      'Fee currency',
      'Trade ID',
      'Order ID',
    ],
  },
  flows: {
    ko: ['시각(KST)', '프로필', '계정', '구분', '통화', '수량', '원화평가액', '이벤트ID'],
    en: ['Time (KST)', 'Profile', 'Account', 'Kind', 'Currency', 'Amount', 'Value (KRW)', 'Event ID'],
  },
  realized: {
    ko: [
      '시각(KST)',
      '연도',
      '프로필',
      '계정',
      '자산',
      '수량',
      '양도가액',
      '취득가액(이동평균)',
      '손익(이동평균)',
      '취득가액(선입선출)',
      '손익(선입선출)',
      '취득가액 미확인',
      '이벤트ID',
    ],
    en: [
      'Time (KST)',
      'Year',
      'Profile',
      'Account',
      'Asset',
      'Quantity',
      'Proceeds',
      'Cost (moving avg)',
      'Gain (moving avg)',
      'Cost (FIFO)',
      'Gain (FIFO)',
      'Cost unknown',
      'Event ID',
    ],
  },
} as const;

const SIDE = { ko: { buy: '매수', sell: '매도' }, en: { buy: 'buy', sell: 'sell' } } as const;
const KIND = {
  ko: { deposit: '입금', withdrawal: '출금', transferIn: '이체 입금', transferOut: '이체 출금' },
  en: {
    deposit: 'deposit',
    withdrawal: 'withdrawal',
    transferIn: 'transfer in',
    transferOut: 'transfer out',
  },
} as const;

/** Fills (trades) with from <= at < to, in the order given. */
export function fillsCsv(
  events: readonly LedgerEvent[],
  lang: CsvLang,
  from = -Infinity,
  to = Infinity,
): string {
  const rows: string[][] = [];
  for (const e of events) {
    if (e.kind !== 'trade' || e.at < from || e.at >= to) continue;
    const amount = mul(e.price, e.qty);
    rows.push([
      kstTime(e.at),
      e.profileId,
      String(e.accountSeq),
      e.symbol,
      SIDE[lang][e.side],
      e.price,
      e.qty,
      amount,
      e.fee,
      e.feeCurrency,
      e.tradeId,
      e.orderId ?? '',
    ]);
  }
  return toCsv(HEAD.fills[lang], rows);
}

export function flowsCsv(flows: readonly PnlFlow[], lang: CsvLang): string {
  const rows = flows.map((f) => [
    kstTime(f.at),
    f.profileId,
    String(f.accountSeq),
    KIND[lang][f.kind],
    f.currency,
    f.amount,
    f.valueKrw,
    f.eventId,
  ]);
  return toCsv(HEAD.flows[lang], rows);
}

/** Realized P&L (both methods) of one KST year. */
export function realizedCsv(rows: readonly RealizedRow[], year: number, lang: CsvLang): string {
  const yes = lang === 'ko' ? '예' : 'yes';
  const out = rows
    .filter((r) => r.year === year)
    .map((r) => [
      kstTime(r.at),
      String(r.year),
      r.profileId,
      String(r.accountSeq),
      r.currency,
      r.qty,
      r.proceedsKrw,
      r.costAvgKrw,
      r.gainAvgKrw,
      r.costFifoKrw,
      r.gainFifoKrw,
      r.costUnknown ? yes : '',
      r.eventId,
    ]);
  return toCsv(HEAD.realized[lang], out);
}
