// The cache key of a candle read from the source (pair, interval, range, limit).
export const candleKey = (
  symbol: string,
  interval: string,
  o: { start?: number; end?: number; limit: number },
) => `${symbol}|${interval}|${o.start ?? ''}|${o.end ?? ''}|${o.limit}`;
