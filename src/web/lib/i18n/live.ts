// Freshness marks, session health and the order ticket's stop reasons (issue 11).
export default {
  ko: {
    'live.live': '실시간',
    'live.liveHint': '데이터가 최신입니다',
    'live.since': '{time}부터',
    'live.reason.age': '지연됨',
    'live.reason.error': '갱신 실패',
    'live.reason.stream': '재연결 중',
    'live.reason.proxy': '프록시 연결 끊김',
    'live.reason.session': '세션 종료',
    'live.block.session': '세션이 종료되어 주문할 수 없습니다',
    'live.block.proxy': '프록시에 연결할 수 없어 주문할 수 없습니다',
    'live.block.public': '시세 연결이 끊겨 주문할 수 없습니다 (재연결 중)',
    'live.block.private': '내 주문 스트림이 끊겨 주문할 수 없습니다 (재연결 중)',
    'live.ended.title': '세션이 종료되었습니다',
    'live.ended.body':
      '프록시가 이 탭의 세션을 더 이상 받아들이지 않습니다 (세션 토큰이 교체되었거나 다른 데이터 폴더로 다시 시작됨). 프록시가 출력한 새 시작 URL(토큰 포함)을 이 탭에서 여세요.',
    'live.ended.hint':
      '터미널에서: npm start 또는 npm run proxy -- session rotate 의 출력 "Open http://…/?token=…"',
    'live.ended.reload': '다시 확인',
    'live.proxyDown': '프록시 응답 없음 — 재연결 중 ({time}부터). 화면의 숫자는 최신이 아닙니다.',
  },
  en: {
    'live.live': 'LIVE',
    'live.liveHint': 'Data is current',
    'live.since': 'since {time}',
    'live.reason.age': 'Stale',
    'live.reason.error': 'Refresh failed',
    'live.reason.stream': 'Reconnecting',
    'live.reason.proxy': 'Proxy unreachable',
    'live.reason.session': 'Session ended',
    'live.block.session': 'Session ended: orders are disabled',
    'live.block.proxy': 'Proxy unreachable: orders are disabled',
    'live.block.public': 'Market stream down (reconnecting): orders are disabled',
    'live.block.private': 'Your order stream is down (reconnecting): orders are disabled',
    'live.ended.title': 'Your session has ended',
    'live.ended.body':
      'The proxy no longer accepts this tab’s session (its session token was rotated, or it restarted on another data directory). Open the new start URL (with its token) that the proxy printed, in this tab.',
    'live.ended.hint':
      'In the terminal: the line "Open http://…/?token=…" printed by npm start or npm run proxy -- session rotate',
    'live.ended.reload': 'Check again',
    'live.proxyDown': 'Proxy not answering — reconnecting (since {time}). Numbers on screen are not current.',
  },
};
