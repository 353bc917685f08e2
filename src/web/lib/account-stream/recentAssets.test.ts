import { describe, expect, it } from 'vitest';
import { overlayRecentAssets, rememberAssets } from './recentAssets.js';

const row = (currency: string, available: string) => ({
  currency,
  balance: available,
  available,
  tradeInUse: '0',
  withdrawalInUse: '0',
});

describe('balance snapshot and the frames received while it was on its way', () => {
  it('keeps a frame that arrived after the request was sent over the older snapshot', () => {
    rememberAssets('a', [{ currency: 'krw', available: '40' }], 1_000);
    rememberAssets('a', [{ currency: 'btc', available: '2', balance: '2' }], 1_050);
    // sent at 1_010: the krw frame came before (the snapshot holds it or newer), the btc frame after
    const out = overlayRecentAssets('a', [row('krw', '35'), row('btc', '1')], 1_010, 1_100);
    expect(out.find((r) => r.currency === 'krw')?.available).toBe('35');
    expect(out.find((r) => r.currency === 'btc')?.available).toBe('2');
  });

  it('applies the frames in the order received and adds a currency the snapshot lacks', () => {
    rememberAssets('b', [{ currency: 'eth', available: '5' }], 2_000);
    rememberAssets('b', [{ currency: 'eth', available: '4' }], 2_001);
    const out = overlayRecentAssets('b', [row('krw', '1')], 1_999, 2_002);
    expect(out.map((r) => [r.currency, r.available])).toEqual([
      ['krw', '1'],
      ['eth', '4'],
    ]);
  });

  it('forgets frames after 30 s and leaves other accounts alone', () => {
    rememberAssets('c', [{ currency: 'krw', available: '9' }], 3_000);
    expect(overlayRecentAssets('c', [row('krw', '1')], 0, 40_000)[0]?.available).toBe('1');
    expect(overlayRecentAssets('other', [row('krw', '1')], 0, 3_001)[0]?.available).toBe('1');
  });
});
