// @vitest-environment jsdom
import { MODERATION_MESSAGES, type Notification } from '@corral/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { landedAt, renderRoute } from '../../../test/render-route.tsx';
import { NotificationItem } from './notification-item.tsx';

fakeApi();

const base: Notification = {
  id: 7,
  kind: 'like',
  title: 'Ty Murray liked your post.',
  info: 'Saturday at the arena',
  isRead: false,
  thumbnail: '/avatars/ty.jpg',
  time: '2026-11-23T10:00:00.000Z',
  actor: { id: 'u-1', name: 'Ty Murray' },
  post_id: 3,
  can_accept: false,
  accepted: false,
  action_id: null,
};

function renderItem(notification: Notification) {
  const onNavigate = vi.fn();
  const view = renderRoute(
    <ul>
      <NotificationItem notification={notification} onNavigate={onNavigate} onRemoved={() => {}} />
    </ul>,
    { path: '/bell' },
  );
  return { ...view, onNavigate, item: screen.getByRole('listitem') };
}

describe('what Corral itself tells the member', () => {
  test("a moderator's decision: its title and reason, no member's photo or name, and Appeal", async () => {
    const { item, onNavigate } = renderItem({
      ...base,
      kind: 'moderation',
      title: MODERATION_MESSAGES.warned,
      info: 'Harassment: keep it civil in the comments.',
      // The actor is the member themselves, by design.
      actor: { id: 'member-1', name: 'Kaycee Feild' },
      thumbnail: '/avatars/kaycee.jpg',
      post_id: null,
      action_id: 12,
    });
    expect(within(item).getByText(MODERATION_MESSAGES.warned)).toBeTruthy();
    expect(within(item).getByText('Harassment: keep it civil in the comments.')).toBeTruthy();
    expect(within(item).queryByRole('img')).toBeNull();
    expect(item.querySelector('img')).toBeNull();
    expect(item.textContent).not.toContain('Kaycee');

    // The notification leads to the details; Appeal to the same page, its appeal open.
    const details = within(item).getByRole('link', { name: (name) => name.startsWith(MODERATION_MESSAGES.warned) });
    expect(details.getAttribute('href')).toBe('/social_home/settings/standing');
    await userEvent.click(within(item).getByRole('link', { name: `Appeal: ${MODERATION_MESSAGES.warned}` }));
    expect(await landedAt()).toBe('/social_home/settings/standing?appeal=12');
    expect(onNavigate).toHaveBeenCalled();
  });

  test('a report acted on: the text alone, a neutral mark, leading nowhere', () => {
    const { item } = renderItem({
      ...base,
      kind: 'report_update',
      title: MODERATION_MESSAGES.reportActedOn,
      info: '',
      actor: { id: 'member-1', name: 'Kaycee Feild' },
      post_id: 42,
    });
    expect(within(item).getByText(MODERATION_MESSAGES.reportActedOn)).toBeTruthy();
    expect(item.querySelector('img')).toBeNull();
    expect(item.textContent).not.toContain('Kaycee');
    // Only Remove: no link to what was reported, no Appeal.
    expect(within(item).queryAllByRole('link')).toHaveLength(0);
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Remove']);
  });

  test("a member's notification keeps their photo and their name in bold", () => {
    const { item } = renderItem(base);
    expect(item.querySelector('img')?.getAttribute('src')).toBe('/avatars/ty.jpg');
    expect(within(item).getByText('Ty Murray').tagName).toBe('STRONG');
    expect(within(item).queryByRole('link', { name: /^Appeal/ })).toBeNull();
  });
});
