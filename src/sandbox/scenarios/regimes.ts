// Pure: the named demo scenarios. Each gives a caption for the presenter, which pairs it drives,
// the price path it imposes (a multiplier of the price at the scenario's start, by seconds since
// the start), and the faults / pair states it sets up. The director applies them.

import type { ScenarioCaption, ScenarioName } from '../../core/scenarios.js';

export interface ScenarioSpec {
  name: ScenarioName;
  caption: ScenarioCaption;
  /** The pair the scenario is about (new listing, halted pair); others follow `pathOthers`. */
  focus?: string;
  /** Price multiplier of the focus pair (or every driven pair when there is no focus). */
  path?: (tSec: number) => number;
  /** Price multiplier of the other pairs (absent: the simulation moves them freely). */
  pathOthers?: (tSec: number) => number;
  /** Pairs never driven (stable coins). */
  skip?: readonly string[];
  /** Pair stopped while t < value (seconds), launched afterwards; Infinity = for the whole scenario. */
  stoppedUntilSec?: number;
  /** Fault configuration applied at start (the sandbox's POST /admin/faults shape). */
  faults?: unknown;
  /** A recording whose trades the pairs in it follow (scenarios/recorded.ts); the others take `path`. */
  recording?: string;
  /** WebSocket actions by time. */
  wsActions?: readonly { atSec: number; action: 'drop' | 'stall'; ms?: number }[];
}

const STABLE = ['usdt_krw', 'usdc_krw'];

/** A gentle wobble so a pinned market still looks alive (amplitude as a fraction). */
export const wobble = (t: number, amp: number) => 1 + amp * Math.sin(t / 7) * Math.cos(t / 13);

export function calmPath(t: number): number {
  return wobble(t, 0.0008);
}

/** Up about 12 % a minute, capped at +25 %, with small pullbacks. */
export function trendUpPath(t: number): number {
  return (1 + Math.min(0.25, 0.002 * t)) * wobble(t, 0.002);
}

/** Down 20 % in 3 s, 5 s at the bottom, back to -2 % over 52 s, then calm there. */
export function flashCrashPath(t: number): number {
  if (t < 3) return 1 - 0.2 * (t / 3);
  if (t < 8) return 0.8 * wobble(t, 0.004);
  if (t < 60) return 0.8 + 0.18 * ((t - 8) / 52);
  return 0.98 * wobble(t, 0.0008);
}

/** Listed after 5 s: up to about +60 % in a frenzy (large swings that settle). */
export function listingPath(t: number): number {
  if (t < 5) return 1;
  const s = t - 5;
  const swing = 0.08 * Math.exp(-s / 60) * Math.sin(s * 1.3);
  return 1 + 0.6 * (1 - Math.exp(-s / 8)) + swing;
}

/** The shipped recording, relative to the repository root (resolved by scenarios/recorded.ts). */
export const REPLAY_SCENARIO_RECORDING = 'recordings/demo-calm.ndjson.gz';

export function scenarioSpec(name: ScenarioName, focus?: string): ScenarioSpec {
  switch (name) {
    case 'calm':
      return {
        name,
        caption: { ko: '잔잔한 시장: 작은 등락, 장애 없음', en: 'Calm market: small moves, no faults' },
        path: calmPath,
        skip: STABLE,
      };
    case 'trending-up':
      return {
        name,
        caption: { ko: '상승장: 모든 코인이 꾸준히 오릅니다', en: 'Trending up: every coin climbs steadily' },
        path: trendUpPath,
        skip: STABLE,
      };
    case 'flash-crash':
      return {
        name,
        caption: {
          ko: '플래시 크래시: 3초 만에 -20%, 1분에 걸쳐 회복',
          en: 'Flash crash: -20 % in 3 seconds, recovering over a minute',
        },
        path: flashCrashPath,
        skip: STABLE,
      };
    case 'new-listing': {
      const f = focus ?? 'sol_krw';
      return {
        name,
        focus: f,
        caption: {
          ko: `신규 상장: ${f.split('_')[0]?.toUpperCase()} 5초 후 거래 시작, 급등락`,
          en: `New listing: ${f.split('_')[0]?.toUpperCase()} opens in 5 seconds, then a frenzy`,
        },
        path: listingPath,
        pathOthers: calmPath,
        skip: STABLE,
        stoppedUntilSec: 5,
      };
    }
    case 'pair-halted': {
      const f = focus ?? 'xrp_krw';
      return {
        name,
        focus: f,
        caption: {
          ko: `거래 정지: ${f.split('_')[0]?.toUpperCase()} 거래가 중단되었습니다`,
          en: `Pair halted: ${f.split('_')[0]?.toUpperCase()} trading is suspended`,
        },
        stoppedUntilSec: Number.POSITIVE_INFINITY,
      };
    }
    case 'throttling':
      return {
        name,
        caption: {
          ko: '거래소 요청 제한: 요청의 약 30%가 429로 거절됩니다',
          en: 'Exchange throttling: about 30 % of requests get 429',
        },
        faults: { classes: { '*': { rateLimit: { probability: 0.3, burst: 4, retryAfterSec: 1 } } } },
      };
    case 'stream-outage':
      return {
        name,
        caption: {
          ko: '스트림 장애: 실시간 연결이 멈췄다가 끊기고 다시 연결됩니다',
          en: 'Stream outage: live connections stall, drop and reconnect',
        },
        wsActions: [
          { atSec: 0, action: 'stall', ms: 10_000 },
          { atSec: 10, action: 'drop' },
          { atSec: 12, action: 'drop' },
        ],
        faults: { ws: { publicFrameDrop: { probability: 0.5 } } },
      };
    case 'replay':
      return {
        name,
        caption: {
          ko: '녹화된 시장: BTC·ETH가 저장된 녹화(demo-calm)의 가격 흐름을 따라갑니다',
          en: 'Recorded market: BTC and ETH follow the price moves of the shipped recording (demo-calm)',
        },
        recording: REPLAY_SCENARIO_RECORDING,
        path: calmPath,
        skip: STABLE,
      };
  }
}
