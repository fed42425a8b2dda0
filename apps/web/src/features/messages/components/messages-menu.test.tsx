// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { conversation, page } from '../api/test-conversations.ts';
import { MessagesMenu, PHONE_QUERY } from './messages-menu.tsx';

const api = fakeApi();

function screenWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === PHONE_QUERY, media: query }));
}

afterEach(() => vi.unstubAllGlobals());

function renderMenu() {
  api.on('GET /conversations', (call) =>
    call.path.includes('requests')
      ? { status: 200, body: page([], null, { inbox: 2, requests: 1 }) }
      : { status: 200, body: page([conversation(3, 30, { unread: 2 })], null, { inbox: 2, requests: 1 }) },
  );
  return renderRoute(<MessagesMenu />, { path: '/social_home/friend-list' });
}

describe('the chat icon', () => {
  test('counts the conversations with unread messages in both boxes', async () => {
    screenWidth(false);
    renderMenu();
    const button = await screen.findByRole('button', { name: 'Messages, 3 unread conversations' });
    expect(within(button).getByTestId('messages-badge').textContent).toBe('3');
  });

  test('opens the panel on wider screens; Escape closes it and the focus returns to the icon', async () => {
    screenWidth(false);
    renderMenu();
    const button = await screen.findByRole('button', { name: /^Messages, 3/ });
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Messages' });
    expect(within(panel).getByRole('tab', { name: 'Inbox (2 unread)' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(panel).findByText('Ty Murray 3')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The loaded panel renders its own trigger in place of the first one: the icon, found again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Messages, 3/ }));
  });

  test('on phones it opens the messages page instead', async () => {
    screenWidth(true);
    const view = renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /^Messages/ }));
    expect(view.address()).toBe('/social_home/messages');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
