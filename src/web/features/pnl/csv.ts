// The year's ledger as CSV from the proxy (GET /api/ledger/export.csv; the proxy writes UTF-8 with a BOM so
// spreadsheet apps read Hangul). Fetched rather than linked so a refusal is shown with its code instead
// of being saved as a file; the bytes are handed to the browser untouched.
import { toApiError } from '../../../core/errors.js';
import type { Scope } from './api.js';

/** Column headings follow the page's language (the proxy writes Korean or English headings). */
export function csvUrl(year: number, scope: Scope, lang: 'ko' | 'en'): string {
  const q = new URLSearchParams({ year: String(year), lang });
  if (scope !== 'all') q.set('accounts', scope);
  return `/api/ledger/export.csv?${q.toString()}`;
}

/** The file name the proxy gave (Content-Disposition), else ledger-<year>.csv. */
export function fileNameOf(disposition: string | null, year: number): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  const name = m?.[1] ? decodeURIComponent(m[1]) : '';
  return /^[\w.\-가-힣 ]+\.csv$/.test(name) ? name : `ledger-${year}.csv`;
}

export async function downloadCsv(year: number, scope: Scope, lang: 'ko' | 'en'): Promise<void> {
  let res: Response;
  try {
    res = await fetch(csvUrl(year, scope, lang), {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch (e) {
    throw toApiError(e);
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    throw toApiError(body, res.status);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('Content-Disposition'), year);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
