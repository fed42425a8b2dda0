// @vitest-environment jsdom
import { type Comment, EDIT_MESSAGES, EDITED_MARKER } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { readDraft } from '../../../lib/drafts.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { CommentThread } from './comment-thread.tsx';

const api = fakeApi();

const kaycee = { id: 'member-1', first_name: 'Kaycee', last_name: 'Feild', name: 'Kaycee Feild' };
const ty = { id: 'member-2', first_name: 'Ty', last_name: 'Murray', name: 'Ty Murray' };

const comment = (id: number, text: string, by = kaycee, extra: Partial<Comment> = {}): Comment => ({
  id,
  text,
  timestamp: '2026-05-01T12:00:00.000Z',
  user: { ...by, avatar: null, image: '' },
  edited_at: null,
  moderation_state: null,
  ...extra,
});

/** The thread of post 5, written by `ownerId`, with `comments` in it. */
function renderThread(comments: Comment[], ownerId = 'member-9') {
  api.on('GET /posts/5/comments', { status: 200, body: { data: comments, next_cursor: null } });
  return renderRoute(<CommentThread postId={5} ownerId={ownerId} />, { path: '/post' });
}

async function openOptions(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Options for ${name}'s comment` }));
  return screen.findByRole('menu');
}

const menuItems = async (menu: HTMLElement) =>
  (await within(menu).findAllByRole('menuitem')).map((item) => item.textContent);

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

describe("a comment's options", () => {
  test('its author edits it in place: Save sends the new text and the thread shows it, "edited"', async () => {
    const user = userEvent.setup();
    api.on('PATCH /comments/1', {
      status: 200,
      body: { data: comment(1, 'Great run!', kaycee, { edited_at: '2026-05-01T13:00:00.000Z' }) },
    });
    renderThread([comment(1, 'Nice run')]);
    const menu = await openOptions(user, 'Kaycee Feild');
    expect(await menuItems(menu)).toEqual(['Edit', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveProperty('value', 'Nice run');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.clear(box);
    await user.type(box, 'Great run!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(await within(list).findByText('Great run!')).toBeTruthy();
    expect(api.callsTo('PATCH /comments/1').map((call) => call.body)).toEqual([{ text: 'Great run!' }]);
    expect(within(list).getByRole('button', { name: `${EDITED_MARKER}: show earlier versions` })).toBeTruthy();
    expect(readDraft({ member: 'member-1', form: 'edit-comment', item: 1 })).toBeUndefined();
  });

  test('an unsaved edit is kept and reopens with the thread; a refusal shows the reason', async () => {
    const user = userEvent.setup();
    api.on('PATCH /comments/1', { status: 422, body: { message: 'Write a comment first.' } });
    const first = renderThread([comment(1, 'Nice run')]);
    await user.click(within(await openOptions(user, 'Kaycee Feild')).getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your comment' }), ' indeed');
    first.unmount();

    renderThread([comment(1, 'Nice run')]);
    const box = await screen.findByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveProperty('value', 'Nice run indeed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a comment first.');
    expect(box).toHaveProperty('value', 'Nice run indeed');
  });

  test("the post's author deletes another's comment after confirming; it leaves the thread", async () => {
    const user = userEvent.setup();
    api.on('DELETE /comments/2', { status: 200, body: { status: true } });
    renderThread([comment(2, 'Spam spam', ty)], 'member-1');
    const menu = await openOptions(user, 'Ty Murray');
    expect(await menuItems(menu)).toEqual(['Delete', 'Report']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: EDIT_MESSAGES.deleteCommentTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Spam spam')).toBeNull());
    expect(api.callsTo('DELETE /comments/2')).toHaveLength(1);
    expect(await screen.findByText(EDIT_MESSAGES.commentDeleted)).toBeTruthy();
  });

  test("others' comments on others' posts can only be reported", async () => {
    const user = userEvent.setup();
    renderThread([comment(2, 'Hello', ty)]);
    expect(await menuItems(await openOptions(user, 'Ty Murray'))).toEqual(['Report']);
  });

  test('"edited" opens the earlier versions, newest first', async () => {
    const user = userEvent.setup();
    api.on('GET /comments/3/revisions', {
      status: 200,
      body: {
        data: [
          { text: 'Second', written_at: '2026-05-01T12:30:00.000Z' },
          { text: 'First', written_at: '2026-05-01T12:00:00.000Z' },
        ],
      },
    });
    renderThread([comment(3, 'Third', ty, { edited_at: '2026-05-01T13:00:00.000Z' })]);
    await user.click(await screen.findByRole('button', { name: 'edited: show earlier versions' }));
    const dialog = await screen.findByRole('dialog', { name: EDIT_MESSAGES.historyTitle });
    const versions = await within(dialog).findByRole('list', { name: 'Earlier versions' });
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Second', 'First']);
  });
});
