// Trading screen words. Korean follows the local exchanges' vocabulary (see shared notes).
export default {
  ko: {
    'trade.buy': '매수',
    'trade.sell': '매도',
  },
  en: {
    'trade.buy': 'Buy',
    'trade.sell': 'Sell',
  },
};
