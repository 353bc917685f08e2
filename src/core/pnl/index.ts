// The investment-results engine (issue 21): build an index once from the ledger, then answer period
// queries, the tax year and the CSV exports from it. Shapes and sign rules: ./types.ts.
export { appendToIndex, type PnlAppend } from './append.js';
export { type CsvLang, fillsCsv, flowsCsv, realizedCsv, toCsv } from './csv.js';
export { buildPnlIndex, type PnlIndex, type PnlIndexInput } from './pnlIndex.js';
export { queryPnl } from './query.js';
export {
  BASIC_DEDUCTION_KRW,
  kstYear,
  type RealizedRow,
  realizedRows,
  TAX_RATE,
  TAX_START_YEAR,
  taxReport,
} from './tax.js';
export * from './types.js';
