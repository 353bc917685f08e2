// What the chart is given to draw besides candles: own fills (markers) and open orders (lines).
export interface ChartFill {
  tradeId: number;
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  at: number;
}
export interface ChartOrder {
  orderId: number;
  side: 'buy' | 'sell';
  price: string;
  remaining: string;
  /** Orders resting at this side and price. */
  count: number;
}
