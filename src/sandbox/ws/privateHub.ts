// Private channels: myOrder, myTrade, myAsset. Frames are sent synchronously from the bus events
// (emitted after the SQLite commit), in event order, never dropped; a client that cannot keep up
// is disconnected (Conn). Without accountSeqs a subscription covers the main account (1) and its
// frames carry no accountSeq; with accountSeqs they carry it (the live service's way: korbit-cli
// internal/stream/events.go). myOrder / myTrade with `symbols` send frames for those pairs only; without
// symbols they cover every pair, which the vendor's client never asks (its validation requires symbols),
// so the console says so.

import { isPrivateChannel, type PrivateChannel as PrivateType } from '../../core/channels.js';
import { WS_CHANNEL_PERMISSIONS } from '../../core/permissions.js';
import type { ApiKeyRecord, BalanceRecord, MyTrade, OrderRecord, SandboxContext } from '../context.js';
import type { Conn } from './conn.js';
import { ack, fail, type RequestItem } from './protocol.js';

const PERMISSION = WS_CHANNEL_PERMISSIONS;

interface ChannelSub {
  accounts: Set<number>;
  tagged: boolean;
  symbols: Set<string> | null;
}

export interface PrivateConn {
  conn: Conn;
  userId: number;
  key: ApiKeyRecord;
  subs: Map<PrivateType, ChannelSub>;
}

/**
 * Order row as sent on myOrder (live shape): the REST Order fields WITHOUT `symbol` (the pair is the
 * frame's top-level `symbol`), `clientOrderId` only when set, status `unfilled` where REST says `open`.
 */
export function toWsOrder(o: OrderRecord, omitCloseTimes = false): Record<string, unknown> {
  const out: Record<string, unknown> = { orderId: o.orderId };
  if (o.clientOrderId) out.clientOrderId = o.clientOrderId;
  Object.assign(out, {
    orderType: o.orderType,
    side: o.side,
    timeInForce: o.timeInForce,
  });
  if (o.price !== undefined) out.price = o.price;
  if (o.qty !== undefined) out.qty = o.qty;
  if (o.amt !== undefined) out.amt = o.amt;
  out.filledQty = o.filledQty;
  out.filledAmt = o.filledAmt;
  if (o.avgPrice !== undefined) out.avgPrice = o.avgPrice;
  out.createdAt = o.createdAt;
  if (o.lastFilledAt !== undefined) out.lastFilledAt = o.lastFilledAt;
  if (o.closedAt !== undefined && !omitCloseTimes) out.closedAt = o.closedAt;
  out.status = o.status === 'open' ? 'unfilled' : o.status;
  return out;
}

/** Fill row as sent on myTrade (live shape): no symbol, no amt; `fee` / `filledAt` where REST says feeQty / tradedAt. */
export function toWsTrade(t: MyTrade): Record<string, unknown> {
  return {
    tradeId: t.tradeId,
    orderId: t.orderId,
    side: t.side,
    price: t.price,
    qty: t.qty,
    fee: t.feeQty,
    feeCurrency: t.feeCurrency,
    filledAt: t.tradedAt,
    isTaker: t.isTaker,
  };
}

export class PrivateHub {
  private byUser = new Map<number, Set<PrivateConn>>();
  frames = 0;

  constructor(private readonly ctx: SandboxContext) {}

  add(pc: PrivateConn): void {
    let set = this.byUser.get(pc.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(pc.userId, set);
    }
    set.add(pc);
  }

  remove(pc: PrivateConn): void {
    const set = this.byUser.get(pc.userId);
    if (!set) return;
    set.delete(pc);
    if (set.size === 0) this.byUser.delete(pc.userId);
  }

  connections(): PrivateConn[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  handle(pc: PrivateConn, item: RequestItem): void {
    const rid = item.requestId;
    const { conn } = pc;
    if (!isPrivateChannel(item.type)) {
      conn.sendControl(fail('INVALID_REQUEST', `unknown type ${item.type} on the private stream`, rid));
      return;
    }
    const type = item.type as PrivateType;
    if (item.method === 'unsubscribe') {
      const sub = pc.subs.get(type);
      if (sub && item.accountSeqs) {
        for (const a of item.accountSeqs) sub.accounts.delete(a);
        if (sub.accounts.size === 0) pc.subs.delete(type);
      } else pc.subs.delete(type);
      const a = ack(rid);
      if (a) conn.sendControl(a);
      return;
    }
    const denied = this.ctx.auth.checkPermission(pc.key, PERMISSION[type]);
    if (denied) {
      conn.sendControl(fail(denied.code, `${type} needs the ${PERMISSION[type]} permission`, rid));
      return;
    }
    const accounts = item.accountSeqs ?? [1];
    for (const seq of accounts) {
      const err = this.ctx.auth.checkAccount(pc.key, seq);
      if (err) {
        conn.sendControl(fail(err.code, `accountSeq ${seq} is not allowed for this key`, rid));
        return;
      }
    }
    let symbols: Set<string> | null = null;
    if (item.symbols && item.symbols.length > 0 && type !== 'myAsset') {
      for (const s of item.symbols) {
        if (!this.ctx.exchange.getMarket(s)) {
          conn.sendControl(fail('INVALID_SYMBOL', `unknown symbol ${s}`, rid));
          return;
        }
      }
      symbols = new Set(item.symbols);
    } else if (type !== 'myAsset') {
      this.ctx.options.log(
        `sandbox: ${type} subscribed without symbols; sending every pair (a deviation: live clients name them)`,
      );
    }
    pc.subs.set(type, { accounts: new Set(accounts), tagged: item.accountSeqs !== undefined, symbols });
    const a = ack(rid);
    if (a) conn.sendControl(a);
  }

  // ---- bus events ----

  onOrder(userId: number, accountSeq: number, order: OrderRecord): void {
    // Live frame order: symbol, timestamp, channelType, then the payload (korbit-cli stream tests).
    this.deliver(userId, accountSeq, 'myOrder', order.symbol, (acct) => ({
      symbol: order.symbol,
      timestamp: this.ctx.now(),
      channelType: 'myOrder',
      order: { ...acct, orders: [toWsOrder(order, this.ctx.profile.omitsCloseTimes)] },
    }));
  }

  onMyTrade(userId: number, accountSeq: number, trade: MyTrade): void {
    this.deliver(userId, accountSeq, 'myTrade', trade.symbol, (acct) => ({
      symbol: trade.symbol,
      timestamp: this.ctx.now(),
      channelType: 'myTrade',
      trade: { ...acct, trades: [toWsTrade(trade)] },
    }));
  }

  onAsset(userId: number, accountSeq: number, assets: BalanceRecord[]): void {
    if (assets.length === 0) return;
    this.deliver(userId, accountSeq, 'myAsset', null, (acct) => ({
      timestamp: this.ctx.now(),
      channelType: 'myAsset',
      asset: { ...acct, assets },
    }));
  }

  private deliver(
    userId: number,
    accountSeq: number,
    type: PrivateType,
    symbol: string | null,
    build: (acct: { accountSeq?: number }) => unknown,
  ): void {
    if (!this.byUser.has(userId)) return;
    // held until the change is committed, dropped if its command is undone (store/turn.ts)
    this.ctx.store.afterCommit(() => this.send(userId, accountSeq, type, symbol, build));
  }

  private send(
    userId: number,
    accountSeq: number,
    type: PrivateType,
    symbol: string | null,
    build: (acct: { accountSeq?: number }) => unknown,
  ): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    let tagged: string | undefined;
    let plain: string | undefined;
    for (const pc of set) {
      const sub = pc.subs.get(type);
      if (!sub?.accounts.has(accountSeq)) continue;
      if (symbol && sub.symbols && !sub.symbols.has(symbol)) continue;
      let frame: string;
      if (sub.tagged) {
        tagged ??= JSON.stringify(build({ accountSeq }));
        frame = tagged;
      } else {
        plain ??= JSON.stringify(build({}));
        frame = plain;
      }
      this.frames++;
      pc.conn.sendFrame(frame);
    }
  }
}
