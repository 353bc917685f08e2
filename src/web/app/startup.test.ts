import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/session.js';
import { activeProfileId } from './startup.js';

const profile = (id: string) => ({
  id,
  label: id,
  type: 'hmac-sha256' as const,
  apiKeyHint: 'x',
  allowWithdrawals: false,
});
const session = (ids: string[], def: string | null): Session => ({
  upstream: { name: 'sandbox', restUrl: 'http://x', live: false },
  profiles: ids.map(profile),
  defaultProfileId: def,
  clockOffsetMs: 0,
  recvWindow: 5000,
});

describe('activeProfileId (which profile the early key-info/accounts answers belong to)', () => {
  it('is the chosen profile when it exists, else the default, else the first', () => {
    expect(activeProfileId(session(['a', 'b'], 'a'), 'b')).toBe('b');
    expect(activeProfileId(session(['a', 'b'], 'a'), 'gone')).toBe('a');
    expect(activeProfileId(session(['a', 'b'], null), null)).toBe('a');
    expect(activeProfileId(session([], null), null)).toBeNull();
  });
});
