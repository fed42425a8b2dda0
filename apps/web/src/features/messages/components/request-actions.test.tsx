// @vitest-environment jsdom
import { CONVERSATION_MESSAGES } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { conversation } from '../api/test-conversations.ts';
import { RequestActions } from './request-actions.tsx';

const api = fakeApi();

const request = conversation(7, 70, { box: 'requests', status: 'request', unread: 1 });
const sender = request.other?.id ?? '';

const renderActions = () =>
  renderRoute(<RequestActions conversation={request} />, {
    path: '/social_home/messages/:id',
    url: '/social_home/messages/7?box=requests',
  });

describe('the answers to a message request', () => {
  test('Accept: the conversation goes to the inbox, and the list beside it shows the inbox', async () => {
    api.on('POST /conversations/7/accept', {
      status: 200,
      body: { data: { ...request, box: 'inbox', status: 'accepted' } },
    });
    const view = renderActions();
    const actions = screen.getByRole('region', { name: 'Message request from Ty Murray 7' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.accepted)).toBeTruthy();
    expect(view.address()).toBe('/social_home/messages/7');
  });

  test('Accept still says so and shows the inbox when the stream moved the request before the answer came', async () => {
    let leaveRequests = () => {};
    // The view shows the answers while the conversation is in the requests; the stream's `conversation` event
    // (accepted) may take it to the inbox, and the answers away, before POST accept answers.
    function WhileARequest() {
      const [waiting, setWaiting] = useState(true);
      leaveRequests = () => setWaiting(false);
      return waiting ? <RequestActions conversation={request} /> : null;
    }
    api.on('POST /conversations/7/accept', async () => {
      leaveRequests();
      await waitFor(() => expect(screen.queryByRole('region', { name: /Message request/ })).toBeNull());
      return { status: 200, body: { data: { ...request, box: 'inbox', status: 'accepted' } } };
    });
    const view = renderRoute(<WhileARequest />, {
      path: '/social_home/messages/:id',
      url: '/social_home/messages/7?box=requests',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.accepted)).toBeTruthy();
    await waitFor(() => expect(view.address()).toBe('/social_home/messages/7'));
  });

  test('Delete: gone, and back to the requests', async () => {
    api.on('DELETE /conversations/7', { status: 200, body: { status: true } });
    const view = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.removed)).toBeTruthy();
    await waitFor(() => expect(view.address()).toBe('/social_home/messages?box=requests'));
  });

  test('Block asks first, then blocks the sender and deletes the request', async () => {
    api.on(`POST /users/${sender}/block`, {
      status: 200,
      body: { status: true, message: 'Ty Murray 7 is blocked.', is_blocked: true },
    });
    api.on('DELETE /conversations/7', { status: 200, body: { status: true } });
    const view = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Ty Murray 7?' });
    expect(api.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Ty Murray 7 is blocked.')).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /users/${sender}/block`,
      'DELETE /conversations/7',
    ]);
    await waitFor(() => expect(view.address()).toBe('/social_home/messages?box=requests'));
  });

  test('a refusal says so and stays', async () => {
    api.on('POST /conversations/7/accept', { status: 403, body: { message: CONVERSATION_MESSAGES.blocked } });
    const view = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.blocked)).toBeTruthy();
    expect(view.address()).toBe('/social_home/messages/7?box=requests');
  });
});
