import { describe, expect, it } from 'vitest';
import common from './common.js';
import trading from './trading.js';

describe('dictionaries', () => {
  for (const [name, d] of Object.entries({ common, trading })) {
    it(`${name}: Korean and English have the same keys`, () => {
      expect(Object.keys(d.ko).sort()).toEqual(Object.keys(d.en).sort());
    });
  }
});
