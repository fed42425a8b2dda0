import { describe, expect, test } from 'vitest';
import { booking, offer } from '../api/test-bookings.ts';
import { canCancel, isLateNow } from './booking-actions.tsx';
import { expiryText } from './booking-summary.tsx';
import { horsePapers, paperState } from './papers-checklist.tsx';

describe('papers, expiry and lateness', () => {
  test('a paper is old the day after its limit, and missing without a date', () => {
    expect(paperState('2026-01-01', 365, '2027-01-01')).toBe('ok');
    expect(paperState('2026-01-01', 365, '2027-01-02')).toBe('old');
    expect(paperState(null, 30, '2027-01-02')).toBe('missing');
    expect(
      horsePapers(
        { id: 1, name: 'Dusty', coggins_on: '2026-06-01', health_certificate_on: '2026-10-01' },
        '2026-11-25',
      ),
    ).toEqual({ coggins: 'ok', health_certificate: 'old' });
  });

  test('a request counts down in hours, then minutes', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(expiryText('2026-11-26T11:30:00Z', now)).toBe('Expires in 23 hours unless the driver answers.');
    expect(expiryText('2026-11-25T13:00:00Z', now)).toBe('Expires in 1 hour unless the driver answers.');
    expect(expiryText('2026-11-25T12:20:30Z', now)).toBe('Expires in 20 minutes unless the driver answers.');
    expect(expiryText('2026-11-25T11:59:00Z', now)).toBe('Expires now unless the driver answers.');
    expect(expiryText(null, now)).toBe('');
  });

  test('a confirmed booking cancelled within 48 hours of departure is late; a rider may withdraw a request', () => {
    const now = Date.parse('2027-06-28T12:00:00Z');
    const confirmed = booking({ status: 'confirmed', offer: offer({ depart_from: '2027-06-30T12:00:00.000Z' }) });
    expect(isLateNow(confirmed, now)).toBe(true);
    expect(isLateNow(confirmed, now - 60_000)).toBe(false);
    expect(canCancel(booking({ status: 'requested' }))).toBe(true);
    expect(canCancel(booking({ status: 'requested', offer: offer({ is_mine: true }) }))).toBe(false);
    expect(canCancel(booking({ status: 'completed' }))).toBe(false);
  });
});
