// What the demo history plans: its orders and its funding (demoHistory.ts plans them, demoClosing.ts
// closes them against the balances).

export interface PlannedOrder {
  accountSeq: number;
  symbol: string;
  side: 'buy' | 'sell';
  orderType: 'limit' | 'market';
  price: string;
  qty: string;
  status: 'filled' | 'canceled';
  createdAt: number;
  closedAt: number;
  fee: string;
  feeCurrency: string;
}

export interface PlannedFunding {
  kind: 'krwDeposit' | 'krwWithdrawal' | 'coinDeposit' | 'coinWithdrawal' | 'transfer';
  currency: string;
  quantity: string;
  fee?: string;
  createdAt: number;
  fromAccountSeq?: number;
  toAccountSeq?: number;
}
