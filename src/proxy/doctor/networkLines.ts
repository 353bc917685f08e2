// Doctor lines about the connection: reachability, clock offset, the public stream.
import { type DoctorFacts, type DoctorLine, failed, t } from './types.js';

export function reachLine(f: DoctorFacts): DoctorLine {
  const title = t('거래소 연결', 'Exchange reachable');
  if (!f.time.ok) {
    return {
      id: 'reach',
      status: 'problem',
      title,
      detail: failed(f.time),
      fix: t(
        `네트워크와 업스트림 주소(${f.upstream.restUrl})를 확인하세요.`,
        `Check the network and the upstream address (${f.upstream.restUrl}).`,
      ),
    };
  }
  const ms = Math.round(f.time.rttMs);
  const where = `${f.upstream.name} ${f.upstream.restUrl}`;
  if (ms > f.recvWindow / 2) {
    return {
      id: 'reach',
      status: 'problem',
      title,
      detail: t(`${where}, 왕복 ${ms} ms`, `${where}, round trip ${ms} ms`),
      fix: t(
        '왕복 시간이 유효 시간(recvWindow)의 절반을 넘습니다: 더 가까운 네트워크에서 실행하세요.',
        'The round trip exceeds half the recvWindow: run the proxy on a closer network.',
      ),
    };
  }
  if (ms > 1000) {
    return {
      id: 'reach',
      status: 'warn',
      title,
      detail: t(`${where}, 왕복 ${ms} ms`, `${where}, round trip ${ms} ms`),
      fix: t('응답이 느립니다: 네트워크 상태를 확인하세요.', 'Answers are slow: check the network.'),
    };
  }
  return {
    id: 'reach',
    status: 'ok',
    title,
    detail: t(`${where}, 왕복 ${ms} ms`, `${where}, round trip ${ms} ms`),
  };
}

export function clockLine(f: DoctorFacts): DoctorLine | null {
  if (!f.time.ok) return null;
  const off = Math.round(f.time.offsetMs);
  const abs = Math.abs(off);
  const title = t('시계 오차', 'Clock offset');
  const detail = t(
    `이 컴퓨터의 시계가 거래소보다 ${Math.abs(off)} ms ${off > 0 ? '느립니다' : '빠릅니다'} (recvWindow ${f.recvWindow} ms)`,
    `this computer's clock is ${abs} ms ${off > 0 ? 'behind' : 'ahead of'} the exchange (recvWindow ${f.recvWindow} ms)`,
  );
  const fix = t(
    '시스템 시간 동기화(NTP)를 켜세요. 프록시는 측정한 오차만큼 보정해 서명하지만, 동기화 사이에 오차가 커지면 요청이 거절됩니다.',
    'Turn on system time sync (NTP). The proxy signs with the measured offset, but drift between syncs gets requests refused.',
  );
  // Budget: the recvWindow less one round trip. Past it, an uncorrected signer is always refused.
  const budget = Math.max(0, f.recvWindow - f.time.rttMs);
  if (abs >= budget) return { id: 'clock', status: 'problem', title, detail, fix };
  if (abs >= Math.min(1000, budget / 2)) return { id: 'clock', status: 'warn', title, detail, fix };
  return { id: 'clock', status: 'ok', title, detail };
}

export function streamLine(f: DoctorFacts): DoctorLine {
  const title = t('실시간 스트림', 'Live stream');
  if (!f.stream.ok) {
    return {
      id: 'stream',
      status: 'problem',
      title,
      detail: failed(f.stream),
      fix: t(
        '방화벽이 WebSocket(wss) 연결을 막지 않는지 확인하세요.',
        'Check that no firewall blocks WebSocket (wss) connections.',
      ),
    };
  }
  return {
    id: 'stream',
    status: 'ok',
    title,
    detail: t(
      `공개 WebSocket 응답 ${Math.round(f.stream.ms)} ms`,
      `public WebSocket answered in ${Math.round(f.stream.ms)} ms`,
    ),
  };
}

/** Every line, in reading order. */
