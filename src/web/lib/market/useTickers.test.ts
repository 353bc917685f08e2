// The ticker feed is one stream subscription however many views read the tickers (issue 20: a desk wall of
// 12 cards had 12, each writing the cache every 100 ms).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { publicStream } from '../ws.js';
import { shareTickerFeed } from './useTickers.js';

describe('shareTickerFeed', () => {
  it('subscribes once for many readers, and unsubscribes when the last one leaves', () => {
    const unsub = vi.fn();
    const sub = vi.spyOn(publicStream, 'subscribe').mockImplementation(() => unsub);
    const qc = new QueryClient();
    const stops = [1, 2, 3].map(() => shareTickerFeed(qc, 'btc_krw,eth_krw'));
    expect(sub).toHaveBeenCalledTimes(1);
    stops[0]?.();
    stops[1]?.();
    expect(unsub).not.toHaveBeenCalled();
    stops[2]?.();
    expect(unsub).toHaveBeenCalledTimes(1);
    // a new list of symbols replaces the feed; the old readers leaving does not stop the new one
    const a = shareTickerFeed(qc, 'btc_krw');
    const b = shareTickerFeed(qc, 'btc_krw,xrp_krw');
    expect(sub).toHaveBeenCalledTimes(3);
    expect(unsub).toHaveBeenCalledTimes(2);
    a?.();
    expect(unsub).toHaveBeenCalledTimes(2);
    b?.();
    expect(unsub).toHaveBeenCalledTimes(3);
    sub.mockRestore();
  });
});
