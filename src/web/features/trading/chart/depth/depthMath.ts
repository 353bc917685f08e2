// Pure geometry of the depth chart: cumulative bids and asks as stepped areas over a price axis.
// Numbers here are display coordinates only (the chart edge); prices stay strings until this point.

export interface DepthLevel {
  price: string;
  /** Cumulative quantity from the best price outward. */
  cum: string;
}

export interface DepthGeometry {
  /** SVG path of the bid area (closed to the baseline), '' when there are no bids. */
  bidPath: string;
  askPath: string;
  minPrice: number;
  maxPrice: number;
  maxCum: number;
  /** x of a price, for axis labels and the hover readout. */
  x: (price: number) => number;
  /** Price under an x coordinate. */
  priceAt: (x: number) => number;
  /** y of a cumulative quantity. */
  y: (cum: number) => number;
}

/**
 * Bids (best = highest first) step down-left from the mid, asks (best = lowest first) step up-right. The price
 * range is symmetric around the mid so both sides read at the same scale.
 */
export function depthGeometry(
  bids: readonly DepthLevel[],
  asks: readonly DepthLevel[],
  width: number,
  height: number,
): DepthGeometry | null {
  if ((!bids.length && !asks.length) || width <= 0 || height <= 0) return null;
  const bp = bids.map((l) => [Number(l.price), Number(l.cum)] as const);
  const ap = asks.map((l) => [Number(l.price), Number(l.cum)] as const);
  const bestBid = bp[0]?.[0];
  const bestAsk = ap[0]?.[0];
  const mid =
    bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2 : (bestBid ?? bestAsk)!;
  const reach = Math.max(
    bp.length ? mid - bp[bp.length - 1]![0] : 0,
    ap.length ? ap[ap.length - 1]![0] - mid : 0,
    mid * 1e-6,
  );
  const minPrice = mid - reach;
  const maxPrice = mid + reach;
  const maxCum = Math.max(bp[bp.length - 1]?.[1] ?? 0, ap[ap.length - 1]?.[1] ?? 0) || 1;
  const x = (p: number) => ((p - minPrice) / (maxPrice - minPrice)) * width;
  const y = (c: number) => height - (c / maxCum) * height * 0.92;
  const f = (n: number) => n.toFixed(1);

  const side = (pts: readonly (readonly [number, number])[], edge: number) => {
    if (!pts.length) return '';
    let d = `M${f(x(pts[0]![0]))},${f(height)}`;
    let prevY = height;
    for (const [p, c] of pts) {
      const px = f(x(p));
      d += ` L${px},${f(prevY)} L${px},${f(y(c))}`;
      prevY = y(c);
    }
    d += ` L${f(edge)},${f(prevY)} L${f(edge)},${f(height)} Z`;
    return d;
  };
  return {
    bidPath: side(bp, 0),
    askPath: side(ap, width),
    minPrice,
    maxPrice,
    maxCum,
    x,
    priceAt: (px: number) => minPrice + (px / width) * (maxPrice - minPrice),
    y,
  };
}
