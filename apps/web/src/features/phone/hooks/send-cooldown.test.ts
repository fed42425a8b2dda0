import { describe, expect, it } from 'vitest';
import { secondsUntil, waitLabel } from './send-cooldown.ts';

describe('the send cooldown', () => {
  it('counts whole seconds up, and stops at 0', () => {
    expect(secondsUntil(66_000, 0)).toBe(66);
    expect(secondsUntil(66_000, 65_001)).toBe(1);
    expect(secondsUntil(66_000, 66_000)).toBe(0);
    expect(secondsUntil(66_000, 90_000)).toBe(0);
  });

  it('says seconds, then minutes, then hours', () => {
    expect(waitLabel(42)).toBe('42 s');
    expect(waitLabel(119)).toBe('119 s');
    expect(waitLabel(120)).toBe('2 min');
    expect(waitLabel(3961)).toBe('67 min');
    expect(waitLabel(7200)).toBe('2 h');
    expect(waitLabel(95_040)).toBe('27 h');
  });
});
