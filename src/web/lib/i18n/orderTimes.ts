// Order times that live sends (createdAt, lastFilledAt) and those it may not (closedAt, triggeredAt).
import type { AreaDict } from './index.js';

const dict: AreaDict = {
  ko: {
    'orders.lastEvent': '최근 체결/종료',
    'orders.triggered': '발동시간',
    'orders.noFill': '체결 없음',
    'orders.ev.closed': '종료',
    'orders.ev.lastFilled': '체결',
  },
  en: {
    'orders.lastEvent': 'Last fill / close',
    'orders.triggered': 'Triggered',
    'orders.noFill': 'no fill',
    'orders.ev.closed': 'closed',
    'orders.ev.lastFilled': 'filled',
  },
};

export default dict;
