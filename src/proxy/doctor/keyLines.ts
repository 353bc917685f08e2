// Doctor lines about the key: status, expiry, permissions, allowed accounts, IP whitelist, headroom.
import { kstTime } from '../../core/pnl/csv.js';
import { CAPABILITIES } from './capabilities.js';
import { type DoctorFacts, type DoctorLine, type KeyInfoFacts, type Text, t } from './types.js';

const DAY = 86_400_000;

function whitelistOf(info: KeyInfoFacts): string[] {
  return (info.whitelist ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function ipLine(f: DoctorFacts): DoctorLine {
  const title = t('IP 허용 목록', 'IP whitelist');
  if (!f.ip.ok) {
    return {
      id: 'ip',
      status: 'warn',
      title,
      detail: t(
        `거래소가 보는 IP를 알 수 없습니다: ${f.ip.message}`,
        `could not learn the IP the exchange sees: ${f.ip.message}`,
      ),
      fix: t('GET /v2/ip 가 응답하는지 확인하세요.', 'Check that GET /v2/ip answers.'),
    };
  }
  const ip = f.ip.ip;
  const info = f.keyInfo?.ok ? f.keyInfo.info : undefined;
  if (!info) {
    const refused = f.keyInfo && !f.keyInfo.ok && f.keyInfo.code === 'IP_NOT_ALLOWED';
    return {
      id: 'ip',
      status: refused ? 'problem' : 'ok',
      title,
      detail: t(`거래소가 보는 IP: ${ip}`, `the exchange sees you from ${ip}`),
      ...(refused
        ? {
            fix: t(
              `개발자 포털에서 이 키의 허용 목록에 ${ip} 를 추가하세요.`,
              `Add ${ip} to this key's whitelist in the developer portal.`,
            ),
          }
        : {}),
    };
  }
  const list = whitelistOf(info);
  if (list.length === 0) {
    return {
      id: 'ip',
      status: f.upstream.live ? 'warn' : 'ok',
      title,
      detail: t(
        `IP ${ip}, 키에 허용 목록이 없습니다 (모든 IP 허용)`,
        `IP ${ip}; the key has no whitelist (any IP accepted)`,
      ),
      ...(f.upstream.live
        ? {
            fix: t(
              `키를 ${ip} 로 제한하면 유출된 키를 다른 곳에서 쓸 수 없습니다.`,
              `Restrict the key to ${ip} so a leaked key is useless elsewhere.`,
            ),
          }
        : {}),
    };
  }
  if (list.includes(ip)) {
    return {
      id: 'ip',
      status: 'ok',
      title,
      detail: t(`IP ${ip} 허용됨 (${list.join(', ')})`, `IP ${ip} is whitelisted (${list.join(', ')})`),
    };
  }
  return {
    id: 'ip',
    status: 'problem',
    title,
    detail: t(
      `IP ${ip} 가 허용 목록(${list.join(', ')})에 없습니다`,
      `IP ${ip} is not on the whitelist (${list.join(', ')})`,
    ),
    fix: t(
      `개발자 포털에서 이 키의 허용 목록에 ${ip} 를 추가하세요.`,
      `Add ${ip} to this key's whitelist in the developer portal.`,
    ),
  };
}

export function keyLines(f: DoctorFacts): DoctorLine[] {
  if (!f.profile) {
    return [
      {
        id: 'profile',
        status: 'problem',
        title: t('API 키', 'API key'),
        detail: t('등록된 키 프로필이 없습니다', 'no key profile is configured'),
        fix: t(
          '설정에서 키를 추가하거나 `npm run proxy -- key add` 를 실행하세요.',
          'Add a key in Settings or run `npm run proxy -- key add`.',
        ),
      },
    ];
  }
  const p = f.profile;
  const title = t('API 키', 'API key');
  const k = f.keyInfo;
  if (!k) return [];
  if (!k.ok) {
    const fixes: Record<string, Text> = {
      KEY_NOT_FOUND: t(
        '거래소가 이 키를 모릅니다: 키를 다시 확인해 추가하세요.',
        'The exchange does not know this key: check it and add it again.',
      ),
      INVALID_SIGNATURE: t(
        '서명이 맞지 않습니다: 비밀키(또는 개인키)를 다시 입력하세요.',
        'The signature does not match: enter the secret (or private key) again.',
      ),
      KEY_EXPIRED: t(
        '키가 만료되었습니다: 개발자 포털에서 새 키를 만드세요.',
        'The key has expired: create a new one in the developer portal.',
      ),
      KEY_DEACTIVATED: t(
        '키가 비활성화되었습니다: 개발자 포털에서 활성화하세요.',
        'The key is deactivated: activate it in the developer portal.',
      ),
      EXCEED_TIME_WINDOW: t(
        '시계 오차를 고치세요(위 시계 항목).',
        'Fix the clock offset (see the clock line).',
      ),
    };
    return [
      {
        id: 'key',
        status:
          k.code === 'NETWORK_ERROR' || k.code === 'UPSTREAM_UNREACHABLE' || k.code === 'UPSTREAM_TIMEOUT'
            ? 'warn'
            : 'problem',
        title,
        detail: t(
          `${p.label}: 키 확인 실패 — ${k.message} (${k.code})`,
          `${p.label}: key check failed — ${k.message} (${k.code})`,
        ),
        fix:
          fixes[k.code] ??
          t('개발자 포털에서 키의 상태를 확인하세요.', 'Check the key in the developer portal.'),
      },
    ];
  }
  const info = k.info;
  const lines: DoctorLine[] = [];
  const typeMatch = info.type === p.type;
  const activated = info.status === 'activated';
  lines.push({
    id: 'key',
    status: typeMatch && activated ? 'ok' : 'problem',
    title,
    detail: t(
      `${p.label}: ${info.type}, 상태 ${info.status === 'activated' ? '활성' : info.status}`,
      `${p.label}: ${info.type}, status ${info.status}`,
    ),
    ...(!activated
      ? { fix: t('개발자 포털에서 키를 활성화하세요.', 'Activate the key in the developer portal.') }
      : !typeMatch
        ? {
            fix: t(
              `프로필의 키 형식(${p.type})이 거래소 기록과 다릅니다: 올바른 형식으로 다시 추가하세요.`,
              `The profile's key type (${p.type}) differs from the exchange's: add it again with the right type.`,
            ),
          }
        : {}),
  });
  lines.push(expiryLine(f.now, info));
  lines.push(permissionsLine(info));
  lines.push(accountsLine(info));
  return lines;
}

export function expiryLine(now: number, info: KeyInfoFacts): DoctorLine {
  const title = t('키 만료', 'Key expiry');
  if (info.expiration == null)
    return { id: 'expiry', status: 'ok', title, detail: t('만료일 없음', 'no expiry date') };
  const days = Math.floor((info.expiration - now) / DAY);
  // in the exchange's time (and the screen's default), as the key's own page shows it
  const date = `${kstTime(info.expiration).slice(0, 16)} KST`;
  const renew = t(
    '개발자 포털에서 새 키를 만들어 추가하세요.',
    'Create a new key in the developer portal and add it.',
  );
  if (info.expiration <= now) {
    return {
      id: 'expiry',
      status: 'problem',
      title,
      detail: t(`${date} 에 만료됨`, `expired on ${date}`),
      fix: renew,
    };
  }
  if (days < 30) {
    return {
      id: 'expiry',
      status: 'warn',
      title,
      detail: t(`${date} 만료 (${days}일 남음)`, `expires ${date} (${days} days left)`),
      fix: renew,
    };
  }
  return {
    id: 'expiry',
    status: 'ok',
    title,
    detail: t(`${date} 만료 (${days}일 남음)`, `expires ${date} (${days} days left)`),
  };
}

export function permissionsLine(info: KeyInfoFacts): DoctorLine {
  const has = new Set(info.permissions);
  const can = CAPABILITIES.filter((c) => has.has(c.permission));
  const cannot = CAPABILITIES.filter((c) => !has.has(c.permission));
  const title = t('권한', 'Permissions');
  const list = (cs: typeof CAPABILITIES, lang: 'ko' | 'en') => cs.map((c) => c[lang]).join(', ') || '—';
  const detail = t(
    `가능: ${list(can, 'ko')}${cannot.length ? ` · 불가: ${list(cannot, 'ko')}` : ''}`,
    `can: ${list(can, 'en')}${cannot.length ? ` · cannot: ${list(cannot, 'en')}` : ''}`,
  );
  if (!has.has('writeOrders') || !has.has('readOrders') || !has.has('readBalances')) {
    return {
      id: 'permissions',
      status: 'warn',
      title,
      detail,
      fix: t(
        '거래하려면 개발자 포털에서 잔고 조회·주문 조회·주문 권한을 주세요.',
        'To trade, grant readBalances, readOrders and writeOrders in the developer portal.',
      ),
    };
  }
  return { id: 'permissions', status: 'ok', title, detail };
}

export function accountsLine(info: KeyInfoFacts): DoctorLine {
  const seqs = [...info.allowedAccountSeqs].sort((a, b) => a - b);
  const title = t('허용 계좌', 'Allowed accounts');
  const detail = t(`계좌 ${seqs.join(', ') || '없음'}`, `accounts ${seqs.join(', ') || 'none'}`);
  if (seqs.length === 0) {
    return {
      id: 'accounts',
      status: 'problem',
      title,
      detail,
      fix: t(
        '개발자 포털에서 이 키에 계좌를 허용하세요.',
        'Allow at least one account for this key in the developer portal.',
      ),
    };
  }
  if (!seqs.includes(1)) {
    return {
      id: 'accounts',
      status: 'warn',
      title,
      detail,
      fix: t(
        '입출금은 주 계좌(1)에서만 됩니다: 필요하면 계좌 1을 허용하세요.',
        'Deposits and withdrawals use the main account (1) only: allow account 1 if you need them.',
      ),
    };
  }
  return { id: 'accounts', status: 'ok', title, detail };
}

export function rateLimitLine(f: DoctorFacts): DoctorLine | null {
  const r = f.rateLimit;
  if (!r) return null;
  const title = t('호출 한도 여유', 'Rate-limit headroom');
  const detail = t(
    `${r.remaining} / ${r.limit} 남음, ${r.resetSec}초 후 초기화`,
    `${r.remaining} of ${r.limit} left, resets in ${r.resetSec} s`,
  );
  if (r.limit > 0 && r.remaining / r.limit < 0.2) {
    return {
      id: 'ratelimit',
      status: 'warn',
      title,
      detail,
      fix: t('이 키를 쓰는 다른 프로그램의 호출을 줄이세요.', 'Slow down other programs that use this key.'),
    };
  }
  return { id: 'ratelimit', status: 'ok', title, detail };
}
