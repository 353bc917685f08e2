// A key the exchange refuses (issue 18 item 2): the shell banner and the private panels' notice.
export default {
  ko: {
    'live.reason.key': '키 거부됨',
    'live.block.key': '거래소가 API 키를 거부해 주문할 수 없습니다 (위 안내 참고)',
    'keyProblem.title': '거래소가 이 API 키를 거부합니다 ({code})',
    'keyProblem.stopped': '{profile}: 내 주문·잔고 실시간 연결을 멈췄습니다 (자동 재시도 안 함) · {time}부터',
    'keyProblem.stoppedRest': '{profile}: 거래소가 이 키의 요청을 거부했습니다 · {time}부터',
    'keyProblem.fix.KEY_EXPIRED':
      '키가 만료되었습니다. 거래소 API 설정에서 새 키를 만들어 설정에 추가하세요.',
    'keyProblem.fix.KEY_NOT_FOUND': '거래소가 이 키를 모릅니다(삭제됨). 새 키를 만들어 설정에 추가하세요.',
    'keyProblem.fix.KEY_DEACTIVATED':
      '키가 비활성화되었습니다. 거래소 API 설정에서 다시 활성화하거나 새 키를 설정에 추가하세요.',
    'keyProblem.fix.INVALID_SIGNATURE':
      '저장된 시크릿이 이 키와 맞지 않습니다. 설정에서 키를 올바른 시크릿과 함께 다시 추가하세요.',
    'keyProblem.fix.IP_NOT_ALLOWED':
      '이 컴퓨터의 IP가 키의 허용 IP에 없습니다. 거래소 API 설정에서 추가한 뒤 다시 시도하세요.',
    'keyProblem.fix.PERMISSION_DENIED':
      '키에 필요한 권한이 없습니다. 거래소 API 설정에서 권한을 주거나 권한이 있는 키를 쓰세요.',
    'keyProblem.fix.NO_API_KEY': '설정에서 API 키를 추가하세요.',
    'keyProblem.fix.other': '연결 진단(설정)에서 키를 확인하고 고친 뒤 다시 시도하세요.',
    'keyProblem.retry': '다시 시도',
    'keyProblem.retrying': '다시 시도 중…',
    'keyProblem.doctor': '연결 진단',
    'keyProblem.retryFailed': '다시 시도를 요청하지 못했습니다: {error}',
  },
  en: {
    'live.reason.key': 'Key refused',
    'live.block.key': 'The exchange refuses the API key: orders are disabled (see the notice above)',
    'keyProblem.title': 'The exchange refuses this API key ({code})',
    'keyProblem.stopped': '{profile}: live orders and balances stopped (no automatic retry) · since {time}',
    'keyProblem.stoppedRest': '{profile}: the exchange refused this key’s requests · since {time}',
    'keyProblem.fix.KEY_EXPIRED':
      'The key has expired: make a new key in the exchange’s API settings and add it in Settings.',
    'keyProblem.fix.KEY_NOT_FOUND':
      'The exchange does not know this key (deleted): make a new key and add it in Settings.',
    'keyProblem.fix.KEY_DEACTIVATED':
      'The key is deactivated: reactivate it in the exchange’s API settings, or add a new key in Settings.',
    'keyProblem.fix.INVALID_SIGNATURE':
      'The stored secret does not match this key: add the key again in Settings with its correct secret.',
    'keyProblem.fix.IP_NOT_ALLOWED':
      'This computer’s IP is not on the key’s allowed IPs: add it in the exchange’s API settings, then retry.',
    'keyProblem.fix.PERMISSION_DENIED':
      'The key lacks a permission it needs: grant it in the exchange’s API settings, or use a key that has it.',
    'keyProblem.fix.NO_API_KEY': 'Add an API key in Settings.',
    'keyProblem.fix.other': 'Check the key in the connection doctor (Settings), fix it, then retry.',
    'keyProblem.retry': 'Retry',
    'keyProblem.retrying': 'Retrying…',
    'keyProblem.doctor': 'Connection doctor',
    'keyProblem.retryFailed': 'Could not ask for a retry: {error}',
  },
};
