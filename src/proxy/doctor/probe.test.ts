import { describe, expect, it } from 'vitest';
import { LIVE_IP_TEXT } from '../../core/fixtures/live/rest.js';
import { parseIpAnswer } from './probe.js';

describe('parseIpAnswer', () => {
  it("reads the live host's plain-text answer and the JSON shapes, and refuses anything else", () => {
    expect(parseIpAnswer(LIVE_IP_TEXT)).toBe('203.0.113.7');
    expect(parseIpAnswer('{"success":true,"data":"198.51.100.1"}')).toBe('198.51.100.1');
    expect(parseIpAnswer('{"success":true,"data":{"ip":"2001:db8::1"}}')).toBe('2001:db8::1');
    expect(parseIpAnswer('{"ip":"198.51.100.2"}')).toBe('198.51.100.2');
    expect(parseIpAnswer('<html>blocked</html>')).toBeNull();
    expect(parseIpAnswer('{not json')).toBeNull();
  });
});
