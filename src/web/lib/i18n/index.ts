// Merges every dictionary in this folder. Each area file (trading.ts, common.ts, account.ts, ...) exports
// `default` (or `dict`) as `{ ko: {...}, en: {...} }`; new files are picked up automatically, so areas owned
// by different engineers never have to edit this index.
export type Dict = Record<string, string>;
export interface AreaDict {
  ko: Dict;
  en: Dict;
}

const modules = import.meta.glob<{ default?: AreaDict; dict?: AreaDict }>(
  ['./*.ts', '!./index.ts', '!./*.test.ts'],
  {
    eager: true,
  },
);

export const DICTIONARIES: { ko: Dict; en: Dict } = { ko: {}, en: {} };
for (const mod of Object.values(modules)) {
  const d = mod.default ?? mod.dict;
  if (!d) continue;
  Object.assign(DICTIONARIES.ko, d.ko);
  Object.assign(DICTIONARIES.en, d.en);
}
