// What a private-stream gap left unread (lib/account-stream/GapNoticeLine.tsx).
export default {
  ko: {
    'gap.tooOld':
      '실시간 연결이 {since}부터 36시간 넘게 끊겨 그 사이 체결과 주문 변화를 모두 불러올 수 없습니다 (거래소는 36시간만 보관). 미체결 주문은 다시 불러왔습니다.',
    'gap.incomplete':
      '{since}부터 끊겼던 동안의 체결·주문 내역이 너무 많아 일부를 불러오지 못했을 수 있습니다. 미체결 주문은 다시 불러왔습니다.',
    'gap.failed':
      '{since}부터 끊겼던 동안의 체결·주문 내역을 불러오지 못했습니다 ({code}). 화면을 새로 고치면 다시 시도합니다.',
    'gap.dismiss': '닫기',
  },
  en: {
    'gap.tooOld':
      'The live connection was down for more than 36 hours (since {since}): fills and order changes from then cannot all be read back (the exchange keeps 36 hours). Open orders were reloaded.',
    'gap.incomplete':
      'Too much happened while the connection was down (since {since}) to read it all back; some fills or order changes may be missing. Open orders were reloaded.',
    'gap.failed':
      'Fills and order changes from while the connection was down (since {since}) could not be read ({code}). Reload the page to try again.',
    'gap.dismiss': 'Dismiss',
  },
};
