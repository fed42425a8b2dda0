// @vitest-environment jsdom
import { CONVERSATION_MESSAGES } from '@corral/contract';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { landedAt, renderRoute } from '../../../test/render-route.tsx';
import { conversation } from '../api/test-conversations.ts';
import { NewConversation } from './new-conversation.tsx';

const api = fakeApi();

const renderNew = (userId: string) =>
  renderRoute(<NewConversation userId={userId} onBack={() => {}} />, {
    path: '/social_home/messages/new/:userId',
    url: `/social_home/messages/new/${userId}`,
  });

describe('writing to a member', () => {
  test('a conversation they already have opens in its place, on its box', async () => {
    api.on('GET /conversations/with/u-8', {
      status: 200,
      body: { data: conversation(7, 70, { box: 'requests' }), can_start: true, reason: null },
    });
    renderNew('u-8');
    expect(await landedAt()).toBe('/social_home/messages/7?box=requests');
  });

  test('one that may not start says why', async () => {
    api.on('GET /conversations/with/u-9', {
      status: 200,
      body: { data: null, can_start: false, reason: CONVERSATION_MESSAGES.policyNobody },
    });
    renderNew('u-9');
    expect((await screen.findByRole('alert')).textContent).toBe(CONVERSATION_MESSAGES.policyNobody);
  });

  test('a member who is not there answers with the server’s words, and Retry', async () => {
    api.on('GET /conversations/with/gone', { status: 404, body: { message: 'User not found' } });
    renderNew('gone');
    expect((await screen.findByRole('alert')).textContent).toContain('User not found');
    expect(screen.getByRole('button', { name: CONVERSATION_MESSAGES.retry })).toBeTruthy();
  });
});
