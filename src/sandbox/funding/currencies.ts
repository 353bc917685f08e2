/** Currency and network configuration (GET /v2/currencies) and withdrawal fees of the sandbox. */
export interface NetworkConfig {
  name: string;
  fullName: string;
  withdrawalStatus: 'launched' | 'stopped';
  depositStatus: 'launched' | 'stopped';
  confirmationCount: number;
  withdrawalTxFee: string;
  withdrawalMinAmount: string;
  withdrawalPrecision: number;
  hasSecondaryAddr: boolean;
  contractAddress: string | null;
  addressExplorerUrl: string;
}

export interface CurrencyConfig {
  name: string;
  fullName: string;
  withdrawalMaxAmountPerRequest: string;
  /** Sandbox daily withdrawal limit per currency (DAILY_LIMIT_EXCEEDED). */
  dailyWithdrawalLimit: string;
  defaultNetwork: string;
  networkList: NetworkConfig[];
}

const net = (
  name: string,
  fullName: string,
  fee: string,
  min: string,
  precision: number,
  secondary = false,
  contract: string | null = null,
): NetworkConfig => ({
  name,
  fullName,
  withdrawalStatus: 'launched',
  depositStatus: 'launched',
  confirmationCount: 1,
  withdrawalTxFee: fee,
  withdrawalMinAmount: min,
  withdrawalPrecision: precision,
  hasSecondaryAddr: secondary,
  contractAddress: contract,
  addressExplorerUrl: `https://explorer.invalid/${name.toLowerCase()}/address/`,
});

export function defaultCurrencies(): CurrencyConfig[] {
  return [
    {
      name: 'krw',
      fullName: 'Korean Won',
      withdrawalMaxAmountPerRequest: '1000000000',
      dailyWithdrawalLimit: '5000000000',
      defaultNetwork: 'KRW',
      networkList: [net('KRW', 'Bank transfer', '1000', '5000', 0)],
    },
    {
      name: 'btc',
      fullName: 'Bitcoin',
      withdrawalMaxAmountPerRequest: '10',
      dailyWithdrawalLimit: '50',
      defaultNetwork: 'BTC',
      networkList: [net('BTC', 'Bitcoin', '0.0002', '0.0005', 8)],
    },
    {
      name: 'eth',
      fullName: 'Ethereum',
      withdrawalMaxAmountPerRequest: '200',
      dailyWithdrawalLimit: '1000',
      defaultNetwork: 'ETH',
      networkList: [net('ETH', 'Ethereum', '0.003', '0.01', 8)],
    },
    {
      name: 'xrp',
      fullName: 'Ripple',
      withdrawalMaxAmountPerRequest: '500000',
      dailyWithdrawalLimit: '2000000',
      defaultNetwork: 'XRP',
      networkList: [net('XRP', 'XRP Ledger', '1', '20', 6, true)],
    },
    {
      name: 'sol',
      fullName: 'Solana',
      withdrawalMaxAmountPerRequest: '5000',
      dailyWithdrawalLimit: '20000',
      defaultNetwork: 'SOL',
      networkList: [net('SOL', 'Solana', '0.01', '0.1', 8)],
    },
    {
      name: 'doge',
      fullName: 'Dogecoin',
      withdrawalMaxAmountPerRequest: '2000000',
      dailyWithdrawalLimit: '10000000',
      defaultNetwork: 'DOGE',
      networkList: [net('DOGE', 'Dogecoin', '5', '50', 8)],
    },
    {
      name: 'usdt',
      fullName: 'Tether',
      withdrawalMaxAmountPerRequest: '500000',
      dailyWithdrawalLimit: '2000000',
      defaultNetwork: 'ETH',
      networkList: [
        net('ETH', 'Ethereum (ERC-20)', '5', '10', 6, false, '0xdac17f958d2ee523a2206206994597c13d831ec7'),
        net('TRX', 'Tron (TRC-20)', '1', '10', 6, false, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
      ],
    },
  ];
}

/**
 * Public view of a currency, in the live shape (korbit-cli internal/rawapi/market.go, CurrencyInfo): a
 * top-level `withdrawalMinAmount` (the default network's), and no `networkList` for fiat (krw). The
 * sandbox-only daily limit is left out.
 */
export function currencyView(c: CurrencyConfig) {
  const { dailyWithdrawalLimit: _d, networkList, ...rest } = c;
  const def = networkList.find((n) => n.name === c.defaultNetwork) ?? networkList[0];
  const out: Record<string, unknown> = { ...rest, withdrawalMinAmount: def?.withdrawalMinAmount ?? '0' };
  if (c.name !== 'krw') out.networkList = networkList;
  return out;
}
