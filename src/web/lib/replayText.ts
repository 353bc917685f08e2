// Words of the replay control bar (features/desk) and the Settings recorder panel (features/settings),
// Korean and English, merged into the dictionaries when either lazy chunk loads, so the first load does
// not carry them (issue 22 item 2); and the two formatters they share.
import { type AreaDict, DICTIONARIES } from './i18n/index.js';

export const REPLAY_STRINGS: AreaDict = {
  ko: {
    'replay.badge': '녹화 재생',
    'replay.pause': '일시정지',
    'replay.resume': '재생',
    'replay.speed': '속도',
    'replay.seek': '재생 위치',
    'replay.paused': '일시정지됨',
    'replay.ended': '끝',
    'replay.loops': '{n}회 반복',
    'replay.hint': '녹화된 시장을 재생 중입니다. 내 주문은 재생되는 호가와 체결에 맞춰 체결됩니다.',
    'rec.title': '시장 녹화',
    'rec.hint':
      '선택한 마켓의 시세·호가·체결(선택 시 내 계정 이벤트)을 gzip NDJSON 파일로 녹화합니다. 키와 시크릿은 기록되지 않습니다.',
    'rec.symbols': '마켓',
    'rec.symbolsHint': '쉼표로 구분 (예: btc_krw, eth_krw)',
    'rec.account': '내 계정 이벤트 포함 (주문·체결·잔고)',
    'rec.start': '녹화 시작',
    'rec.stop': '녹화 중지',
    'rec.recording': '녹화 중',
    'rec.idle': '대기',
    'rec.file': '파일',
    'rec.size': '크기',
    'rec.frames': '프레임',
    'rec.duration': '길이',
    'rec.last': '마지막 녹화',
    'rec.replayHint': '재생: npm start -- --replay {path}',
  },
  en: {
    'replay.badge': 'Replay',
    'replay.pause': 'Pause',
    'replay.resume': 'Play',
    'replay.speed': 'Speed',
    'replay.seek': 'Position',
    'replay.paused': 'Paused',
    'replay.ended': 'End',
    'replay.loops': 'looped {n}×',
    'replay.hint': 'A recorded market is replaying. Your orders fill against the replayed book and trades.',
    'rec.title': 'Market recorder',
    'rec.hint':
      "Records the chosen pairs' tickers, order books and trades (and, if asked, your account events) to a gzip NDJSON file. No key or secret is written.",
    'rec.symbols': 'Pairs',
    'rec.symbolsHint': 'comma separated (e.g. btc_krw, eth_krw)',
    'rec.account': 'Include my account events (orders, fills, balances)',
    'rec.start': 'Start recording',
    'rec.stop': 'Stop recording',
    'rec.recording': 'Recording',
    'rec.idle': 'Idle',
    'rec.file': 'File',
    'rec.size': 'Size',
    'rec.frames': 'Frames',
    'rec.duration': 'Length',
    'rec.last': 'Last recording',
    'rec.replayHint': 'Replay: npm start -- --replay {path}',
  },
};

/** Adds the strings once (a key already present is kept). */
export function registerReplayStrings(): void {
  for (const lang of ['ko', 'en'] as const) {
    const target = DICTIONARIES[lang];
    for (const [k, v] of Object.entries(REPLAY_STRINGS[lang])) if (!(k in target)) target[k] = v;
  }
}

registerReplayStrings();

/** 83 s -> "1:23"; an hour or more -> "1:02:03". */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** 65161 -> "63.6 KB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
