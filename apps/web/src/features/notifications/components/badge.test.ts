import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel } from './badge.ts';

describe('the bell’s badge', () => {
  it('is hidden with nothing unread', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it('shows the count up to 9, then 9+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('gives the bell a name with the exact count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(42)).toBe('Notifications, 42 unread');
  });
});
