import { useEffect, useLayoutEffect, useMemo } from 'react';
import { add, sub } from '../../../core/decimal.js';
import { useAccountWatch, useMyTrades, useOpenOrders } from '../../lib/account-stream/index.js';
import { earlyKeys } from '../../lib/earlyKeys.js';
import { layoutOf, useScreenLayout } from '../../lib/layout/useScreenLayout.js';
import { TickerFeed, useTickSize } from '../../lib/market/useMarket.js';
import { useOrderForm } from '../../lib/orders/orderFormStore.js';
import { can, useActiveAccountSeq, useActiveProfileId, useKeyInfo } from '../../lib/session.js';
import { useViewport } from '../../lib/useViewport.js';
import { usePrefs } from '../../store/prefs.js';
import { OrderBook } from './book/OrderBook.js';
import type { ChartFill, ChartOrder } from './chart/chartRecords.js';
import { BookTapeSwitch } from './layout/BookTapeSwitch.js';
import { Splitter } from './layout/Splitter.js';
import { BottomTabs, MarketSidebar, OrderEntry, PriceChart, ScreenWide } from './lazyPanels.js';
import { MarketHeader } from './market/MarketHeader.js';
import { TradesTape } from './tape/TradesTape.js';
import { useTapeFeed } from './tape/useTape.js';

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The trading screen: market header, chart | book | ticket+tape, bottom tabs. Panels resize; sizes persist. */
export function TradePage() {
  const symbol = usePrefs((s) => s.symbol);
  // Sizes and the book/tape arrangement, remembered per screen size (layout/workspaceLayout.ts).
  const { cls, layout, update: setLayout } = useScreenLayout();
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const keyInfo = useKeyInfo(profileId);
  // While key info loads, reads go ahead (an error would say why); writes wait.
  const canRead = !keyInfo.data || can(keyInfo.data, 'readOrders', accountSeq);
  const canWrite = can(keyInfo.data, 'writeOrders', accountSeq);
  const policy = useTickSize(symbol).data;
  // On short screens (1280x800) the bottom tabs give way so the whole order ticket stays visible.
  const bottomRoom = Math.max(140, useViewport().height - 620);
  const bottomHeight = Math.min(layout.bottomHeight, bottomRoom);

  useTapeFeed(symbol);
  // Keys pressed before the key handler's chunk arrives are held for it (it takes them when it mounts).
  useLayoutEffect(() => earlyKeys().start(), []);
  // A price typed for one market means nothing on another.
  useEffect(() => {
    if (symbol) useOrderForm.getState().reset();
  }, [symbol]);
  useAccountWatch(profileId, accountSeq, [symbol], !!keyInfo.data && canRead);
  const open = useOpenOrders(profileId, accountSeq, symbol, canRead);
  const mine = useMyTrades(profileId, accountSeq, symbol, canRead);

  // One chart line per side and price, however many orders rest there.
  const chartOrders = useMemo<ChartOrder[]>(() => {
    const byLevel = new Map<string, ChartOrder>();
    for (const o of open.data ?? []) {
      if (!o.price) continue;
      const remaining = o.qty ? sub(o.qty, o.filledQty) : '0';
      const key = `${o.side}:${o.price}`;
      const prev = byLevel.get(key);
      byLevel.set(
        key,
        prev
          ? { ...prev, remaining: add(prev.remaining, remaining), count: prev.count + 1 }
          : { orderId: o.orderId, side: o.side, price: o.price, remaining, count: 1 },
      );
    }
    return [...byLevel.values()];
  }, [open.data]);
  const fills = useMemo<ChartFill[]>(
    () =>
      (mine.data ?? [])
        .slice(0, 300)
        .map((f) => ({ tradeId: f.tradeId, side: f.side, price: f.price, qty: f.qty, at: f.tradedAt })),
    [mine.data],
  );

  return (
    <div className="flex h-full min-h-[720px] flex-col" data-testid="trade-page">
      <TickerFeed />
      <ScreenWide />
      <MarketHeader symbol={symbol} />
      <div className="flex min-h-0 flex-1">
        <MarketSidebar />
        <section className="min-w-[360px] flex-1 border-r border-line bg-panel">
          <PriceChart symbol={symbol} policy={policy} fills={fills} orders={chartOrders} />
        </section>
        <Splitter
          axis="x"
          testId="split-book"
          onDrag={(d) => setLayout({ bookWidth: clamp(layoutOf(cls).bookWidth - d, 260, 560) })}
        />
        <section
          className="flex shrink-0 flex-col border-x border-line bg-panel"
          style={{ width: layout.bookWidth }}
        >
          <BookTapeSwitch mode={layout.bookMode} onChange={(bookMode) => setLayout({ bookMode })} />
          <div className="min-h-0 flex-1">
            {layout.bookMode === 'trades' ? (
              <TradesTape policy={policy} />
            ) : (
              <OrderBook symbol={symbol} policy={policy} ownOrders={open.data ?? []} />
            )}
          </div>
        </section>
        <Splitter
          axis="x"
          testId="split-entry"
          onDrag={(d) => setLayout({ entryWidth: clamp(layoutOf(cls).entryWidth - d, 280, 480) })}
        />
        <section
          className="flex shrink-0 flex-col border-l border-line bg-panel"
          style={{ width: layout.entryWidth }}
        >
          <div className="min-h-0 overflow-y-auto border-b border-line">
            <OrderEntry symbol={symbol} />
          </div>
          {layout.bookMode === 'both' && (
            <div className="min-h-[72px] flex-1 basis-0">
              <TradesTape policy={policy} />
            </div>
          )}
        </section>
      </div>
      <Splitter
        axis="y"
        testId="split-bottom"
        onDrag={(d) =>
          setLayout({
            bottomHeight: clamp(Math.min(layoutOf(cls).bottomHeight, bottomRoom) - d, 140, 640),
          })
        }
      />
      <section className="shrink-0 border-t border-line bg-panel" style={{ height: bottomHeight }}>
        <BottomTabs profileId={profileId} accountSeq={accountSeq} symbol={symbol} canWrite={canWrite} />
      </section>
    </div>
  );
}
