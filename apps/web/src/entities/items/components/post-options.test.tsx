// @vitest-environment jsdom
import { EDIT_MESSAGES, type FeedItem } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { readDraft } from '../../../lib/drafts.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { PostCard } from './post-card.tsx';

const api = fakeApi();

const post = (extra: Partial<FeedItem> = {}): FeedItem => ({
  id: 5,
  type: '1',
  title: 'First take',
  images: [],
  media: [],
  sort_date: '2026-05-01T12:00:00.000000Z',
  created_at: '2026-05-01T12:00:00.000Z',
  likes_count: 0,
  is_liked: false,
  comments_count: 0,
  shares_count: 0,
  user_id: 'member-1',
  user_image: '',
  first_name: 'Kaycee',
  last_name: 'Feild',
  user: { id: 'member-1', first_name: 'Kaycee', last_name: 'Feild', avatar: null },
  shared_by_user_id: null,
  sharer_image: null,
  sharer_first_name: null,
  sharer_last_name: null,
  added_money: null,
  from_date: null,
  to_date: null,
  location: null,
  address: null,
  url: null,
  is_cancelled: false,
  event_types: [],
  associations: [],
  edited_at: null,
  moderation_state: null,
  maxValueEvent: 3,
  maxValueAssoc: 3,
  shared_item: null,
  ...extra,
});

async function choices(item: FeedItem) {
  const user = userEvent.setup();
  const view = renderRoute(<PostCard item={item} />, { path: '/feed' });
  await user.click(screen.getByRole('button', { name: 'Post options' }));
  const names = (await within(await screen.findByRole('menu')).findAllByRole('menuitem')).map((i) => i.textContent);
  view.unmount();
  return names;
}

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

describe('the post options', () => {
  test('offer Edit and Delete on what the member wrote, Report on the rest; events are edited on their page', async () => {
    expect(await choices(post())).toEqual(['Edit', 'Delete', 'View Detail']);
    expect(await choices(post({ type: '2', shared_item: post({ id: 4, user_id: 'member-2' }) }))).toEqual([
      'Edit',
      'Delete',
      'View Detail',
    ]);
    // A share without a comment has no text of its own.
    expect(await choices(post({ type: '3', user_id: 'member-2', shared_by_user_id: 'member-1' }))).toEqual([
      'Delete',
      'View Detail',
    ]);
    expect(await choices(post({ type: '4' }))).toEqual(['View Detail']);
    expect(await choices(post({ user_id: 'member-2' }))).toEqual(['Report', 'View Detail']);
  });

  test('Edit: Save only for a change that may be saved, the draft kept until it is', async () => {
    const user = userEvent.setup();
    api.on('PATCH /posts/5', {
      status: 200,
      body: { data: post({ title: 'Second take', edited_at: '2026-05-02T09:00:00.000Z' }) },
    });
    renderRoute(<PostCard item={post()} />, { path: '/feed' });
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: EDIT_MESSAGES.editPostTitle });
    const box = within(dialog).getByRole('textbox', { name: 'Post text' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect([box, save]).toMatchObject([{ value: 'First take' }, { disabled: true }]);
    await user.clear(box);
    // A post without photos keeps some text, as the server says.
    expect(save).toHaveProperty('disabled', true);
    expect(readDraft({ member: 'member-1', form: 'edit-post', item: 5 })).toEqual({ text: '' });
    await user.type(box, 'Second take');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /posts/5').map((call) => call.body)).toEqual([{ title: 'Second take' }]);
    expect(readDraft({ member: 'member-1', form: 'edit-post', item: 5 })).toBeUndefined();
  });

  test('Delete asks first; a refusal is shown in the dialog', async () => {
    const user = userEvent.setup();
    api.on('DELETE /posts/5', { status: 403, body: { message: EDIT_MESSAGES.notYourPost } });
    renderRoute(<PostCard item={post()} />, { path: '/feed' });
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: EDIT_MESSAGES.deletePostTitle });
    expect(api.callsTo('DELETE /posts/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(EDIT_MESSAGES.notYourPost);
  });
});
