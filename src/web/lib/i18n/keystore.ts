// Strings of the keystore choice when a key for the live exchange is added (issue 18 item 9, Settings).
export default {
  ko: {
    'keystore.title': '키 저장소 암호',
    'keystore.why':
      '실거래소용 키는 프록시의 키 저장소에 암호화해 보관합니다(scrypt + AES-256-GCM). 거래소 공식 클라이언트도 기본으로 키를 암호화해 저장합니다.',
    'keystore.passphrase': '암호',
    'keystore.repeat': '암호 확인',
    'keystore.tooShort': '암호는 {n}자 이상이어야 합니다',
    'keystore.differ': '두 암호가 다릅니다',
    'keystore.atStart':
      '다음에 프록시를 시작할 때 이 암호를 묻습니다(또는 KAPI_PASSPHRASE 환경 변수). 암호를 잊으면 키를 다시 등록해야 합니다.',
    'keystore.plain': '암호화하지 않고 저장 (권장하지 않음)',
    'keystore.plainNote':
      '키가 파일 권한(0600)으로만 보호됩니다. 나중에 `npm run proxy -- passphrase set`으로 암호화할 수 있습니다.',
    'keystore.sealed': '키 저장소를 암호화했습니다. 다음 시작 때 암호를 입력하세요.',
  },
  en: {
    'keystore.title': 'Keystore passphrase',
    'keystore.why':
      "A key for the live exchange is kept encrypted in the proxy's keystore (scrypt + AES-256-GCM), as the exchange's official client encrypts the keys it stores by default.",
    'keystore.passphrase': 'Passphrase',
    'keystore.repeat': 'Repeat',
    'keystore.tooShort': 'Use at least {n} characters',
    'keystore.differ': 'The two passphrases differ',
    'keystore.atStart':
      'The proxy asks for this passphrase at its next start (or reads KAPI_PASSPHRASE). If it is lost, the keys must be added again.',
    'keystore.plain': 'Store unencrypted (not recommended)',
    'keystore.plainNote':
      'The key is protected by the file mode (0600) only. Encrypt it later with `npm run proxy -- passphrase set`.',
    'keystore.sealed': 'Keystore encrypted. Enter the passphrase at the next start.',
  },
};
