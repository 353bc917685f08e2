// Vite plugin: the dashboard's dictionaries split by language at build time (issue 12, initial JS).
// Every area file in src/web/lib/i18n/ (`export default { ko: {...}, en: {...} }`) is evaluated here with
// tsx and merged per language into three virtual modules:
//   virtual:kapi-i18n/ko     every Korean string, with the English one for a key Korean lacks (the
//                            English fallback translate() always had), so Korean never needs English;
//   virtual:kapi-i18n/en     every English string (the browser loads it on demand, src/web/lib/i18n/index.ts);
//   virtual:kapi-i18n/eager  what index.ts gets synchronously: Korean, plus English when `eagerAll`
//                            (unit tests translate into both languages without awaiting anything).
// Area files stay the single source of truth, so engineers keep adding their own files without an index.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

type Dict = Record<string, string>;
interface Merged {
  ko: Dict;
  en: Dict;
}

const PREFIX = 'virtual:kapi-i18n/';
const RESOLVED = `\0${PREFIX}`;
const NAMES = new Set(['ko', 'en', 'eager']);

/** The area files of a dictionary folder, in the order the old eager glob merged them (by name). */
export function areaFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => join(dir, f));
}

/** Later files win on a repeated key, as Object.assign did; Korean falls back to English per key. */
export function mergeAreas(areas: readonly Partial<Merged>[]): Merged {
  const ko: Dict = {};
  const en: Dict = {};
  for (const a of areas) {
    Object.assign(ko, a.ko);
    Object.assign(en, a.en);
  }
  return { ko: { ...en, ...ko }, en };
}

async function loadDir(dir: string): Promise<{ merged: Merged; files: string[] }> {
  const files = areaFiles(dir);
  const areas: Partial<Merged>[] = [];
  for (const file of files) {
    // a fresh namespace per import, so a rebuild in watch mode sees edited files
    const mod = (await tsImport(pathToFileURL(file).href, { parentURL: import.meta.url })) as {
      default?: Partial<Merged>;
      dict?: Partial<Merged>;
    };
    const d = mod.default ?? mod.dict;
    if (d) areas.push(d);
  }
  return { merged: mergeAreas(areas), files };
}

const literal = (d: Dict) => JSON.stringify(d);

export function i18nSplit(opts: { eagerAll?: boolean } = {}): Plugin {
  let dir = resolve('src/web/lib/i18n');
  return {
    name: 'kapi-i18n-split',
    configResolved(config) {
      dir = resolve(config.root, 'src/web/lib/i18n');
    },
    resolveId(id) {
      if (id.startsWith(PREFIX) && NAMES.has(id.slice(PREFIX.length))) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      if (name === 'eager') {
        return opts.eagerAll
          ? `import ko from '${PREFIX}ko';\nimport en from '${PREFIX}en';\nexport default { ko, en };\n`
          : `import ko from '${PREFIX}ko';\nexport default { ko };\n`;
      }
      const { merged, files } = await loadDir(dir);
      for (const f of files) this.addWatchFile(f);
      return `export default ${literal(name === 'ko' ? merged.ko : merged.en)};\n`;
    },
  };
}
