import { describe, expect, it } from 'vitest';
import { gt } from '../../../core/decimal.js';
import dict from '../../lib/i18n/alerts.js';
import { describeCondition, lineTitle, typeForLevel, windowText } from './describe.js';

const tr =
  (lang: 'ko' | 'en') =>
  (key: string, vars: Record<string, string | number> = {}) =>
    (dict[lang] as Record<string, string>)[key]!.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k]));

describe('alert words', () => {
  it('Korean and English carry the same keys', () => {
    expect(Object.keys(dict.ko).sort()).toEqual(Object.keys(dict.en).sort());
  });

  it('says a level with grouping and the crossing direction', () => {
    expect(describeCondition(tr('en'), { type: 'above', level: '100000000' })).toBe(
      'at or above 100,000,000 (crosses up)',
    );
    expect(describeCondition(tr('ko'), { type: 'below', level: '2950000' })).toBe(
      '2,950,000 이하 (하향 돌파)',
    );
  });

  it('says a move with its window in minutes or hours', () => {
    const c = { type: 'move', percent: '2.5', windowSec: 3600, direction: 'either' } as const;
    expect(describeCondition(tr('en'), c)).toBe('moves 2.5% within 1 h');
    expect(describeCondition(tr('ko'), { ...c, direction: 'down', windowSec: 900 })).toBe(
      '15분 안에 -2.5% 하락',
    );
    expect(windowText(tr('en'), 5400)).toBe('90 min');
  });

  it('draws lines for level alerts only', () => {
    expect(lineTitle(tr('ko'), { type: 'above', level: '1' })).toBe('알림 ▲');
    expect(lineTitle(tr('en'), { type: 'move', percent: '1', windowSec: 60, direction: 'up' })).toBeNull();
  });

  it('picks above or below from the last price', () => {
    expect(typeForLevel('105', '100', gt)).toBe('above');
    expect(typeForLevel('95', '100', gt)).toBe('below');
    expect(typeForLevel('100', '100', gt)).toBe('above');
    expect(typeForLevel('95', undefined, gt)).toBe('above');
  });
});
