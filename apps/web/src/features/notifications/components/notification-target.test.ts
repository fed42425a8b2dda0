import type { Notification } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

const notification = (over: Partial<Notification>) =>
  ({ kind: 'like', post_id: null, actor: { id: 'u-7', name: 'Ty Murray' }, ...over }) as Notification;

describe('where a notification leads', () => {
  it('goes to the post it is about', () => {
    expect(notificationTarget(notification({ kind: 'comment', post_id: 42 }))).toBe('/social_home/post/42');
  });

  it('goes to a followed event’s detail when it changed', () => {
    expect(notificationTarget(notification({ kind: 'event_update', post_id: 9 }))).toBe('/social_home/event/9');
  });

  it('goes to the member behind a friend request or an acceptance', () => {
    expect(notificationTarget(notification({ kind: 'friend_request' }))).toBe('/social_home/profile/u-7');
    expect(notificationTarget(notification({ kind: 'friend_accepted' }))).toBe('/social_home/profile/u-7');
  });

  it("goes to the account standing for a moderator's decision, and nowhere for a report acted on", () => {
    expect(notificationTarget(notification({ kind: 'moderation', post_id: 42, action_id: 3 }))).toBe(
      '/social_home/settings/standing',
    );
    expect(notificationTarget(notification({ kind: 'report_update', post_id: 42 }))).toBeNull();
  });

  it('goes to the Account page’s Download your data for a ready export', () => {
    expect(notificationTarget(notification({ kind: 'data_export' }))).toBe('/social_home/settings/account#your-data');
  });

  it("goes to the booking for a haul booking's notice, a review or a reminder; to the Hauling tab for a match", () => {
    for (const kind of ['haul_booking', 'haul_review', 'haul_reminder'] as const) {
      expect(notificationTarget(notification({ kind, post_id: 40, haul_booking_id: 11 }))).toBe(
        '/social_home/hauling/bookings/11',
      );
    }
    expect(notificationTarget(notification({ kind: 'haul_match', post_id: 40, haul_booking_id: null }))).toBe(
      '/social_home/event/40?tab=hauling',
    );
    expect(notificationTarget(notification({ kind: 'haul_booking', post_id: 40, haul_booking_id: null }))).toBeNull();
  });

  it('goes nowhere without either', () => {
    expect(notificationTarget(notification({ kind: 'event_update' }))).toBeNull();
  });
});
