// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { MessageSettingsPage } from './message-settings-page.tsx';

const api = fakeApi();

const me = (message_policy: string) => ({
  status: 200,
  body: { user: signInAs(), is_private: false, message_policy },
});

async function renderSettings() {
  renderRoute(<MessageSettingsPage />, { path: '/social_home/settings/messages' });
  const choices = await screen.findByRole('group', { name: 'Who may start a conversation with you' });
  return (name: RegExp) => within(choices).getByRole<HTMLInputElement>('radio', { name });
}

describe('who can message you', () => {
  test('a choice is checked the moment it is made, while it is saved, and stays once saved', async () => {
    api.on('GET /me', me('friends_of_friends'));
    const saved = heldAnswer();
    api.on('PATCH /me', saved.answer);
    const radio = await renderSettings();
    expect(radio(/^Friends of friends/).checked).toBe(true);

    fireEvent.click(radio(/^Everyone/));
    // Read at once, as a click and a look straight after it do: no tick for the cache to catch up.
    expect(radio(/^Everyone/).checked).toBe(true);

    saved.release(me('everyone'));
    expect(await screen.findByText('Who can message you: Everyone.')).toBeTruthy();
    expect(radio(/^Everyone/).checked).toBe(true);
    expect(api.callsTo('PATCH /me')[0]?.body).toEqual({ message_policy: 'everyone' });
  });

  test('a refused choice goes back to the saved one and says why', async () => {
    api.on('GET /me', me('friends'));
    api.on('PATCH /me', { status: 400, body: { message: 'That choice is not one of ours.' } });
    const radio = await renderSettings();
    fireEvent.click(radio(/^Nobody/));
    expect(radio(/^Nobody/).checked).toBe(true);
    expect(await screen.findByText('That choice is not one of ours.')).toBeTruthy();
    await waitFor(() => expect(radio(/^Friends Only/).checked).toBe(true));
  });
});
