import { MODERATION_MESSAGES } from '@corral/contract';
import { describe, expect, test } from 'vitest';
import { actionRequest, EMPTY_DRAFT, untilRange } from './action-form.ts';

// TZ=UTC (vitest.config.ts): the moderator's day begins at midnight UTC.
const now = new Date('2026-11-25T15:00:00Z');

describe('an action request', () => {
  test('needs a reason, in the contract words', () => {
    expect(actionRequest('remove', { ...EMPTY_DRAFT, reason: '   ' }, now)).toEqual({
      errors: { reason: MODERATION_MESSAGES.reasonRequired },
    });
  });

  test('sends the trimmed reason, and the note only when there is one', () => {
    expect(actionRequest('warn', { ...EMPTY_DRAFT, reason: ' Spam ', note: '  ' }, now)).toEqual({
      body: { action: 'warn', reason: 'Spam' },
    });
    expect(actionRequest('warn', { reason: 'Spam', note: 'Once more and you are out.', until: '' }, now)).toEqual({
      body: { action: 'warn', reason: 'Spam', note: 'Once more and you are out.' },
    });
  });

  test('suspends until a day from tomorrow to a year from today, from the start of that day', () => {
    const suspend = (until: string) => actionRequest('suspend', { reason: 'Threats', note: '', until }, now);
    expect(suspend('')).toEqual({ errors: { until: MODERATION_MESSAGES.suspendUntilRequired } });
    expect(suspend('2026-11-25')).toEqual({ errors: { until: MODERATION_MESSAGES.suspendUntilPast } });
    expect(suspend('2027-11-26')).toEqual({ errors: { until: MODERATION_MESSAGES.suspendUntilTooFar } });
    expect(suspend('2026-11-26')).toEqual({
      body: { action: 'suspend', reason: 'Threats', until: '2026-11-26T00:00:00.000Z' },
    });
    expect(suspend('2027-11-25')).toMatchObject({ body: { until: '2027-11-25T00:00:00.000Z' } });
    expect(untilRange(now)).toEqual({ min: '2026-11-26', max: '2027-11-25' });
  });

  test('leaves the day out of every other action', () => {
    expect(actionRequest('dismiss', { reason: 'Not a breach', note: '', until: '2026-12-01' }, now)).toEqual({
      body: { action: 'dismiss', reason: 'Not a breach' },
    });
  });
});
