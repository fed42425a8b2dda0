// @vitest-environment jsdom
import type { Comment } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { readDraft } from '../../../lib/drafts.ts';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { CommentThread } from './comment-thread.tsx';

const api = fakeApi();

const comment = (id: number, text: string): Comment => ({
  id,
  text,
  timestamp: '2026-05-01T12:00:00.000Z',
  user: { id: 'member-1', first_name: 'Kaycee', last_name: 'Feild', avatar: null, name: 'Kaycee Feild', image: '' },
  edited_at: null,
  moderation_state: null,
});

/** The thread of post `postId` as the comment modal and the post's page render it. */
function renderThread(postId = 5) {
  const view = renderRoute(<CommentThread postId={postId} autoFocus />, { path: '/post' });
  return { ...view, box: screen.getByRole('textbox', { name: 'Comment' }) };
}

const draftOf = (member: string, item: number) => readDraft({ member, form: 'comment', item });

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
  api.on('GET /posts/5/comments', { status: 200, body: { data: [], next_cursor: null } });
  api.on('GET /posts/6/comments', { status: 200, body: { data: [], next_cursor: null } });
});

describe('the comment box', () => {
  test('keeps what is typed when the modal closes, and brings it back on the next opening', async () => {
    const user = userEvent.setup();
    const first = renderThread();
    await user.type(first.box, 'Go get em!');
    expect(draftOf('member-1', 5)).toBe('Go get em!');
    first.unmount();

    const again = renderThread();
    expect(again.box).toHaveProperty('value', 'Go get em!');
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', false);
  });

  test("is each post's and each member's own", async () => {
    const user = userEvent.setup();
    const view = renderThread(5);
    await user.type(view.box, 'About post five');
    view.unmount();

    const other = renderThread(6);
    expect(other.box).toHaveProperty('value', '');
    other.unmount();
    signInAs({ id: 'member-2', is_onboard: 1, verified: 1 });
    expect(renderThread(5).box).toHaveProperty('value', '');
    expect(draftOf('member-1', 5)).toBe('About post five');
  });

  test('forgets a draft emptied by the member', async () => {
    const user = userEvent.setup();
    const { box } = renderThread();
    await user.type(box, 'x');
    await user.clear(box);
    expect(draftOf('member-1', 5)).toBeUndefined();
  });

  test("keeps the text when the server refuses it, showing the server's reason", async () => {
    const user = userEvent.setup();
    api.on('POST /posts/5/comments', { status: 422, body: { message: 'Comments are closed on this post.' } });
    const { box } = renderThread();
    await user.type(box, 'Go get em!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Comments are closed on this post.');
    expect(box).toHaveProperty('value', 'Go get em!');
    expect(draftOf('member-1', 5)).toBe('Go get em!');
  });

  test('keeps the text when the network fails', async () => {
    const user = userEvent.setup();
    api.on('POST /posts/5/comments', () => {
      throw new TypeError('Failed to fetch');
    });
    const { box } = renderThread();
    await user.type(box, 'Go get em!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NETWORK_ERROR_MESSAGE);
    expect(box).toHaveProperty('value', 'Go get em!');
    expect(draftOf('member-1', 5)).toBe('Go get em!');
  });

  test('empties the box and forgets the draft once the comment is posted', async () => {
    const user = userEvent.setup();
    api.on('POST /posts/5/comments', { status: 200, body: { data: comment(1, 'Go get em!') } });
    const { box } = renderThread();
    await screen.findByText('No comments yet. Be the first to comment!');
    await user.type(box, '  Go get em!  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    expect(api.callsTo('POST /posts/5/comments').map((call) => call.body)).toEqual([{ text: 'Go get em!' }]);
    expect(within(screen.getByRole('list', { name: 'Comments' })).getByText('Go get em!')).toBeTruthy();
    expect(draftOf('member-1', 5)).toBeUndefined();
  });

  test('forgets the draft when the comment is posted after the modal was closed', async () => {
    const user = userEvent.setup();
    const held = heldAnswer();
    api.on('POST /posts/5/comments', held.answer);
    const view = renderThread();
    await user.type(view.box, 'Go get em!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.callsTo('POST /posts/5/comments')).toHaveLength(1));
    view.unmount();
    held.release({ status: 200, body: { data: comment(1, 'Go get em!') } });
    await waitFor(() => expect(draftOf('member-1', 5)).toBeUndefined());
  });
});
