import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../core/permissions.js';
import accounts from './accounts.js';
import common from './common.js';
import trading from './trading.js';

describe('dictionaries', () => {
  for (const [name, d] of Object.entries({ common, trading })) {
    it(`${name}: Korean and English have the same keys`, () => {
      expect(Object.keys(d.ko).sort()).toEqual(Object.keys(d.en).sort());
    });
  }

  it('labels every permission of the core list in Korean and English', () => {
    for (const p of PERMISSIONS) {
      expect(accounts.ko[`acc.perm.${p}`]?.length).toBeGreaterThan(0);
      expect(accounts.en[`acc.perm.${p}`]?.length).toBeGreaterThan(0);
    }
    expect(accounts.en['acc.perm.writeOrders']).toBe('Order placement');
  });
});
