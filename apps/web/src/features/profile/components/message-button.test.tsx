// @vitest-environment jsdom
import { CONVERSATION_MESSAGES } from '@corral/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { landedAt, renderRoute } from '../../../test/render-route.tsx';
import { MessageButton } from './message-button.tsx';

const api = fakeApi();

const conversation = { id: 7, box: 'inbox', other: { id: 'u-8' } };

const renderButton = (userId: string) =>
  renderRoute(<MessageButton userId={userId} />, {
    path: '/social_home/profile/:id',
    url: `/social_home/profile/${userId}`,
  });

describe("the profile's Message button", () => {
  test('opens the conversation the viewer already has with the member', async () => {
    api.on('GET /conversations/with/u-8', { status: 200, body: { data: conversation, can_start: true, reason: null } });
    renderButton('u-8');
    await userEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(await landedAt()).toBe('/social_home/messages/7');
  });

  test('opens a new conversation when there is none and one may start', async () => {
    api.on('GET /conversations/with/u-9', { status: 200, body: { data: null, can_start: true, reason: null } });
    renderButton('u-9');
    await userEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(await landedAt()).toBe('/social_home/messages/new/u-9');
  });

  test('says why when none may start, and stays on the profile', async () => {
    api.on('GET /conversations/with/u-10', {
      status: 200,
      body: { data: null, can_start: false, reason: CONVERSATION_MESSAGES.policyFriends },
    });
    const view = renderButton('u-10');
    await userEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.policyFriends)).toBeTruthy();
    expect(view.address()).toBe('/social_home/profile/u-10');
  });
});
