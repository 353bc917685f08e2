import { defineConfig } from 'vitest/config';
import { i18nSplit } from './scripts/i18nSplit.js';

export default defineConfig({
  // unit tests get both languages synchronously (the browser loads English on demand)
  plugins: [i18nSplit({ eagerAll: true })],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
