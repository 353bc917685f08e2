// The pre-trade check in the order ticket, the confirmation and conditional arming (issue 22 item 3),
// and its Settings section. Warning sentences are keyed by the core's warning codes (pt.w.CODE).
export default {
  ko: {
    'pt.title': '주문 전 점검',
    'pt.avg': '예상 평균가',
    'pt.slippage': '슬리피지',
    'pt.fromLast': '현재가 대비',
    'pt.immediate': '즉시 체결',
    'pt.none': '없음',
    'pt.ok': '경고 없음',
    'pt.waiting': '호가를 기다리는 중',
    'pt.more': '외 {n}건',
    'pt.estimate': '보이는 호가로 계산한 추정치입니다. 호가가 움직이면 실제 체결은 달라집니다.',
    'pt.blocked': '주문 전 점검 경고가 있어 확인할 수 없습니다. 설정에서 차단을 끌 수 있습니다.',
    'pt.w.NO_LIQUIDITY': '보이는 호가에 상대 주문이 없어 지금은 체결되지 않습니다.',
    'pt.w.BOOK_TOO_THIN':
      '보이는 호가로는 다 체결할 수 없습니다. 약 {unfilled} {unit}은(는) 체결되지 않고 취소됩니다.',
    'pt.w.HIGH_SLIPPAGE':
      '예상 평균가 {avg}은(는) 최우선 호가 {best}보다 {pct}% 불리합니다 (약 {quote} {q}). 지정가나 더 작은 수량을 고려하세요.',
    'pt.w.FAT_FINGER.above': '주문가격 {price}이(가) 현재가 {last}보다 {pct}% 높습니다. 자릿수를 확인하세요.',
    'pt.w.FAT_FINGER.below': '주문가격 {price}이(가) 현재가 {last}보다 {pct}% 낮습니다. 자릿수를 확인하세요.',
    'pt.w.POST_ONLY_CROSSES':
      'Post-only 주문가격 {price}이(가) 상대 최우선 호가 {best}에 닿아 거래소가 주문을 거부합니다.',
    'pt.w.DEPTH_SHARE': '주문 규모가 보이는 상대 호가 물량의 {pct}%로, 설정한 {limit}%를 넘습니다.',
    'pt.w.EQUITY_SHARE': '주문 금액이 계좌 평가금액의 {pct}%로, 설정한 {limit}%를 넘습니다.',
    'pt.w.BEST_UNAVAILABLE':
      '호가창에 {nth}번째 호가가 없어 최유리 지정가를 정할 수 없습니다. 체결 없이 만료될 수 있습니다.',
    'pt.w.FOK_WOULD_KILL': '지금 호가로는 {filled} {base}만 체결되므로 FOK 주문은 전부 취소됩니다.',
    'pt.w.IOC_WOULD_EXPIRE':
      '주문가격이 상대 최우선 호가 {best}에 닿지 않아 IOC 주문은 체결 없이 만료됩니다.',
    'pt.w.PROTECTION_CAPS': '가격 보호로 {bound}까지만 체결되고 약 {unfilled} {unit}은(는) 취소됩니다.',
    'pt.set.slippage': '슬리피지',
    'pt.set.fatFinger': '현재가와의 차이',
    'pt.set.depth': '호가 물량 대비',
    'pt.set.equity': '평가금액 대비',
    'pt.set.block': '경고가 있으면 주문 확인 막기',
    'pt.set.note':
      '경고는 알림일 뿐 주문을 막지 않습니다 (차단을 켠 경우 제외). 칸을 비우면 그 점검은 꺼집니다.',
  },
  en: {
    'pt.title': 'Pre-trade check',
    'pt.avg': 'Expected avg. price',
    'pt.slippage': 'Slippage',
    'pt.fromLast': 'vs last price',
    'pt.immediate': 'Fills at once',
    'pt.none': 'none',
    'pt.ok': 'No warnings',
    'pt.waiting': 'Waiting for the order book',
    'pt.more': '+{n} more',
    'pt.estimate': 'An estimate from the visible order book; the real fill will differ as the book moves.',
    'pt.blocked':
      'Confirm is blocked: the pre-trade check has warnings. Blocking can be turned off in Settings.',
    'pt.w.NO_LIQUIDITY': 'The other side of the visible book is empty: this order cannot fill now.',
    'pt.w.BOOK_TOO_THIN':
      'Cannot fill at the visible book: about {unfilled} {unit} would stay unfilled and be canceled.',
    'pt.w.HIGH_SLIPPAGE':
      'Expected average price {avg} is {pct}% worse than the best price {best} (about {quote} {q}). Consider a limit order or a smaller size.',
    'pt.w.FAT_FINGER.above':
      'The price {price} is {pct}% above the last price {last}: check for an extra digit.',
    'pt.w.FAT_FINGER.below':
      'The price {price} is {pct}% below the last price {last}: check for a missing digit.',
    'pt.w.POST_ONLY_CROSSES':
      'Post-only at {price} would cross the book (best opposite price {best}): the exchange rejects it.',
    'pt.w.DEPTH_SHARE':
      'This order is {pct}% of the visible depth on the other side, above your {limit}% limit.',
    'pt.w.EQUITY_SHARE': "This order is {pct}% of the account's equity, above your {limit}% limit.",
    'pt.w.BEST_UNAVAILABLE':
      'The book shows no level {nth} to price this best order: it would likely expire unfilled.',
    'pt.w.FOK_WOULD_KILL':
      'Only {filled} {base} can fill now: a fill-or-kill order would be canceled in full.',
    'pt.w.IOC_WOULD_EXPIRE':
      'The price does not reach the best opposite price {best}: an IOC order would expire unfilled.',
    'pt.w.PROTECTION_CAPS':
      'Price protection stops fills at {bound}: about {unfilled} {unit} would be canceled.',
    'pt.set.slippage': 'Slippage',
    'pt.set.fatFinger': 'Distance from last',
    'pt.set.depth': 'Share of visible depth',
    'pt.set.equity': 'Share of equity',
    'pt.set.block': 'Block confirm when there is a warning',
    'pt.set.note': 'Warnings only inform unless blocking is on. An empty box turns that check off.',
  },
};
