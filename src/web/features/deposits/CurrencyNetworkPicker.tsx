// Currency and network selects fed by GET /v2/currencies; a network that is stopped for the purpose
// (deposit or withdrawal) is listed but disabled.
import { useEffect } from 'react';
import type { Currency, Network } from '../../lib/referenceData.js';

const selectCls =
  'h-8 rounded border border-line bg-panel2 px-2 text-[12px] text-fg outline-none focus:border-accent disabled:opacity-40';

export function networkOpen(n: Network, purpose: 'deposit' | 'withdrawal'): boolean {
  return (purpose === 'deposit' ? n.depositStatus : n.withdrawalStatus) === 'launched';
}

export function CurrencyNetworkPicker(props: {
  currencies: Currency[];
  currency: string;
  network: string;
  purpose: 'deposit' | 'withdrawal';
  onChange: (v: { currency: string; network: string }) => void;
  testId?: string;
  /** Limit the currency list (e.g. to those with withdrawable addresses). */
  only?: string[];
}) {
  const list = props.currencies.filter(
    (c) => c.name !== 'krw' && (!props.only || props.only.includes(c.name)),
  );
  const cur = list.find((c) => c.name === props.currency);
  const networks = cur?.networkList ?? [];
  const { onChange, currency, network } = props;
  // Keep the network valid for the chosen currency.
  useEffect(() => {
    if (!cur) {
      const first = list[0];
      if (first)
        onChange({ currency: first.name, network: first.defaultNetwork ?? first.networkList[0]?.name ?? '' });
      return;
    }
    if (!cur.networkList.some((n) => n.name === network)) {
      const next = cur.defaultNetwork ?? cur.networkList[0]?.name ?? '';
      if (next !== network) onChange({ currency, network: next });
    }
  }, [cur, list, currency, network, onChange]);
  return (
    <div className="flex gap-2" data-testid={props.testId}>
      <select
        className={`${selectCls} w-40`}
        value={props.currency}
        data-testid="pick-currency"
        onChange={(e) => {
          const c = list.find((x) => x.name === e.target.value);
          onChange({ currency: e.target.value, network: c?.defaultNetwork ?? c?.networkList[0]?.name ?? '' });
        }}
      >
        {list.map((c) => (
          <option key={c.name} value={c.name}>
            {c.name.toUpperCase()}
            {c.fullName ? ` · ${c.fullName}` : ''}
          </option>
        ))}
      </select>
      <select
        className={`${selectCls} min-w-32 flex-1`}
        value={props.network}
        data-testid="pick-network"
        onChange={(e) => onChange({ currency, network: e.target.value })}
      >
        {networks.map((n) => (
          <option key={n.name} value={n.name} disabled={!networkOpen(n, props.purpose)}>
            {n.name}
            {n.fullName && n.fullName !== n.name ? ` (${n.fullName})` : ''}
            {networkOpen(n, props.purpose) ? '' : ' — stopped'}
          </option>
        ))}
      </select>
    </div>
  );
}
