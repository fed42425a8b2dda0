// @vitest-environment jsdom
import { CONVERSATION_MESSAGES } from '@corral/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { conversation, message, page } from '../api/test-conversations.ts';
import { BoxTabs } from './box-tabs.tsx';
import { ConversationList } from './conversation-list.tsx';
import { PHOTO_EXCERPT } from './conversation-summary.ts';

const api = fakeApi();

const renderList = (box: 'inbox' | 'requests' = 'inbox', selectedId: number | null = null) =>
  renderRoute(<ConversationList box={box} selectedId={selectedId} />, { path: '/social_home/messages' });

const rows = () => screen.getAllByTestId('conversation-row');

describe('a box of conversations', () => {
  test('skeleton rows while loading, then a row per conversation: name, last message, time, unread', async () => {
    const held = heldAnswer();
    api.on('GET /conversations', held.answer);
    renderList('inbox', 3);
    expect(screen.getByTestId('conversations-loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading conversations');
    const photo = message(31, {
      body: '  ',
      images: [{ src: '/m/1.webp', srcset: '', width: 1, height: 1, placeholder: '' }],
    });
    held.release({
      status: 200,
      body: page(
        [
          conversation(3, 30, { unread: 12, last_message: { ...photo, conversation_id: 3, sender_id: 'u-4' } }),
          conversation(2, 20, { last_message: message(21, { body: 'See you\nat the arena', sender_id: 'member-1' }) }),
          conversation(1, 10, { other: null, last_message: message(11, { state: 'deleted', body: '' }) }),
        ],
        null,
        { inbox: 1, requests: 0 },
      ),
    });
    expect(await screen.findAllByTestId('conversation-row')).toHaveLength(3);
    expect(api.callsTo('GET /conversations')[0]?.path).toBe('/conversations?box=inbox');

    const [photoRow, mineRow, goneRow] = rows().map((row) => within(row));
    const link = photoRow?.getByRole('link');
    expect(link?.getAttribute('href')).toBe('/social_home/messages/3');
    expect(link?.getAttribute('aria-current')).toBe('page');
    expect(photoRow?.getByText('Ty Murray 3')).toBeTruthy();
    expect(photoRow?.getByTestId('conversation-excerpt').textContent).toBe(PHOTO_EXCERPT);
    // The badge caps at 9+; the screen reader hears the exact number.
    expect(photoRow?.getByTestId('conversation-unread').textContent).toBe('9+12 unread messages');
    expect(photoRow?.getByText('9+').getAttribute('aria-hidden')).toBe('true');

    expect(mineRow?.getByTestId('conversation-excerpt').textContent).toBe('You: See you at the arena');
    expect(mineRow?.queryByTestId('conversation-unread')).toBeNull();
    expect(goneRow?.getByText(CONVERSATION_MESSAGES.deletedMemberName)).toBeTruthy();
    expect(goneRow?.getByTestId('conversation-excerpt').textContent).toBe(CONVERSATION_MESSAGES.deletedMessage);
  });

  test('each box says when it is empty', async () => {
    api.on('GET /conversations', { status: 200, body: page([]) });
    renderList('requests');
    expect((await screen.findByTestId('conversations-empty')).textContent).toBe(CONVERSATION_MESSAGES.emptyRequests);
    expect(api.calls[0]?.path).toBe('/conversations?box=requests');
  });

  test('a failed load shows the server’s words and Retry, which asks again', async () => {
    let fail = true;
    api.on('GET /conversations', () =>
      fail ? { status: 503, body: { message: 'Try again in a moment.' } } : { status: 200, body: page([]) },
    );
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain('Try again in a moment.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: CONVERSATION_MESSAGES.retry }));
    expect((await screen.findByTestId('conversations-empty')).textContent).toBe(CONVERSATION_MESSAGES.empty);
  });

  test('Show more brings the next page by its cursor, and goes once there is none', async () => {
    api.on('GET /conversations', (call) =>
      call.path.includes('cursor=next-1')
        ? { status: 200, body: page([conversation(1, 10)]) }
        : { status: 200, body: page([conversation(3, 30), conversation(2, 20)], 'next-1') },
    );
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Ty Murray 1')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(api.callsTo('GET /conversations').map((call) => call.path)).toEqual([
      '/conversations?box=inbox',
      '/conversations?box=inbox&cursor=next-1',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('the Inbox and Requests tabs', () => {
  test('show the unread counts of each box and move with the arrow keys', async () => {
    api.on('GET /conversations', (call) =>
      call.path.includes('requests')
        ? {
            status: 200,
            body: page([conversation(5, 50, { box: 'requests', unread: 1 })], null, { inbox: 0, requests: 2 }),
          }
        : { status: 200, body: page([conversation(3)], null, { inbox: 0, requests: 2 }) },
    );
    let box: 'inbox' | 'requests' = 'inbox';
    const view = renderRoute(<BoxTabs box={box} onBoxChange={(next) => (box = next)} />, { path: '/m' });
    const requests = await screen.findByRole('tab', { name: 'Requests (2 unread)' });
    const inbox = screen.getByRole('tab', { name: 'Inbox' });
    expect(inbox.getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Ty Murray 3');
    inbox.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(requests);
    expect(box).toBe('requests');
    view.unmount();
  });
});
