// Coin funding lists read per currency, and the desk's flow completeness (issue 18 item 1).
import type { AreaDict } from './index.js';

const dict: AreaDict = {
  ko: {
    'fund.perCurrency': '거래소가 통화별 조회를 요구하여 통화별로 조회했습니다: {list}',
    'fund.perCurrencyNone': '거래소가 통화별 조회를 요구하지만, 보유하거나 입출금한 코인을 찾지 못했습니다',
    'fund.listUnread': '내역을 읽지 못했습니다:',
    'desk.flowsIncomplete': '입출금 내역 일부를 읽지 못해 당일 손익이 불확실합니다',
    'desk.flowsIncompleteShort': '불확실',
    'desk.unread.coinDeposits': '코인 입금',
    'desk.unread.coinWithdrawals': '코인 출금',
    'desk.unread.krwDeposits': '원화 입금',
    'desk.unread.krwWithdrawals': '원화 출금',
    'desk.unread.transfers': '계좌 간 이체',
    'desk.unread.balance': '잔고',
  },
  en: {
    'fund.perCurrency': 'The exchange wants a currency, so the list was read per currency: {list}',
    'fund.perCurrencyNone':
      'The exchange wants a currency, but no coin held or moved by this account was found to ask about',
    'fund.listUnread': 'list could not be read:',
    'desk.flowsIncomplete': 'Some deposit or withdrawal lists could not be read, so the day P&L is uncertain',
    'desk.flowsIncompleteShort': 'uncertain',
    'desk.unread.coinDeposits': 'coin deposits',
    'desk.unread.coinWithdrawals': 'coin withdrawals',
    'desk.unread.krwDeposits': 'KRW deposits',
    'desk.unread.krwWithdrawals': 'KRW withdrawals',
    'desk.unread.transfers': 'account transfers',
    'desk.unread.balance': 'balance',
  },
};

export default dict;
