// What each key / palette command does. The ticket is driven through its store (side) and its own controls
// (focus, percent buttons, submit: the same click a mouse would make, so the same checks and confirmations).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { INTERVALS, isInterval } from '../../../core/intervals.js';
import { apiDelete } from '../../lib/api.js';
import { useT } from '../../lib/i18n.js';
import { buildRows, selectRows } from '../../lib/market/marketRows.js';
import { useMarkets } from '../../lib/market/marketsStore.js';
import { useCurrencyPairs, useTickers } from '../../lib/market/useMarket.js';
import { markUserCanceled } from '../../lib/orders/fateStore.js';
import { useOrderForm } from '../../lib/orders/orderFormStore.js';
import { qk } from '../../lib/queryKeys.js';
import { useCurrencies } from '../../lib/referenceData.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import type { OpenOrder } from '../../lib/types.js';
import { getPrefs, usePrefs } from '../../store/prefs.js';
import { pushToast } from '../../store/toasts.js';
import { type ActionId, step } from './keymap.js';

const click = (testId: string) => {
  const el = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
  if (!el || el.disabled) return false;
  el.click();
  return true;
};
const focus = (testId: string) => {
  const el = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
  el?.focus();
  el?.select();
};

export interface WorkspaceUi {
  openPalette: () => void;
  openHelp: () => void;
  askCancelAll: () => void;
}

export function useWorkspaceActions(ui: WorkspaceUi) {
  const t = useT();
  const qc = useQueryClient();
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const lang = usePrefs((s) => s.language);
  const pairs = useCurrencyPairs();
  const tickers = useTickers();
  const currencies = useCurrencies();
  const m = useMarkets();

  // Pair order = the market list's order (its sort and favorites tab), so , and . walk the list as shown.
  const order = useMemo(() => {
    const names = new Map((currencies.data ?? []).map((c) => [c.name.toLowerCase(), c.fullName]));
    const rows = buildRows(pairs.data ?? [], tickers.data ?? [], names, new Set(m.favorites));
    const shown = selectRows(rows, {
      query: '',
      favoritesOnly: m.favoritesOnly,
      sort: m.sort,
      dir: m.dir,
      lang,
    });
    return (shown.length ? shown : rows).map((r) => r.symbol);
  }, [pairs.data, tickers.data, currencies.data, m.favorites, m.favoritesOnly, m.sort, m.dir, lang]);

  const cancelLast = useCallback(async () => {
    const symbol = getPrefs().symbol;
    const list = qc.getQueryData<OpenOrder[]>(qk.openOrders(profileId, accountSeq, symbol)) ?? [];
    const last = [...list].sort((a, b) => b.createdAt - a.createdAt || b.orderId - a.orderId)[0];
    if (!last) {
      pushToast({ tone: 'info', title: t('hotkeys.noOpenOrder'), testId: 'hotkey-toast-none' });
      return;
    }
    try {
      markUserCanceled(last.orderId);
      await apiDelete('/v2/orders', { symbol, orderId: last.orderId, accountSeq }, { profileId });
      pushToast({
        tone: 'ok',
        title: t('hotkeys.canceledLast', { id: last.orderId }),
        testId: 'hotkey-toast-canceled',
      });
    } catch (e) {
      const err = e as { code?: string; description?: string };
      pushToast({ tone: 'error', title: t('hotkeys.cancelFailed'), body: err.description, code: err.code });
    }
    void qc.invalidateQueries({ queryKey: qk.openOrders(profileId, accountSeq, symbol) });
  }, [qc, profileId, accountSeq, t]);

  return useCallback(
    (id: ActionId) => {
      const prefs = getPrefs();
      switch (id) {
        case 'side.buy':
        case 'side.sell':
          useOrderForm.getState().set({ side: id === 'side.buy' ? 'buy' : 'sell' });
          return;
        case 'focus.price':
          return focus('price-input');
        case 'focus.qty':
          return focus('qty-input');
        case 'pct.25':
        case 'pct.50':
        case 'pct.75':
        case 'pct.100':
          click(`pct-${id.slice(4)}`);
          return;
        case 'order.submit':
          click('submit-order');
          return;
        case 'order.cancelLast':
          void cancelLast();
          return;
        case 'order.cancelAll':
          return ui.askCancelAll();
        case 'pair.prev':
        case 'pair.next': {
          const next = step(order, prefs.symbol, id === 'pair.next' ? 1 : -1);
          if (next) prefs.set({ symbol: next, bookLevel: null });
          return;
        }
        case 'interval.prev':
        case 'interval.next': {
          const cur = isInterval(prefs.interval) ? prefs.interval : '15';
          const next = step(INTERVALS, cur, id === 'interval.next' ? 1 : -1);
          if (next) prefs.set({ interval: next });
          return;
        }
        case 'palette':
          return ui.openPalette();
        case 'help':
          return ui.openHelp();
      }
    },
    [order, cancelLast, ui],
  );
}
