// Investment results (투자손익, issue 21): only the nav label ships with the first load; the page's own
// words are in src/web/features/pnl/strings.ts and arrive with its chunk.
import type { AreaDict } from './index.js';

const dict: AreaDict = {
  ko: { 'nav.pnl': '투자손익' },
  en: { 'nav.pnl': 'P&L' },
};

export default dict;
