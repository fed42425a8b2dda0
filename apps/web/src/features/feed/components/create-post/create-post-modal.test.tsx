// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { FEED_MESSAGES } from '@corral/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { readDraft } from '../../../../lib/drafts.ts';
import { fakeUploads, photoFile, standardBlobs } from '../../../../test/fake-upload.ts';
import { signInAs } from '../../../../test/render-route.tsx';
import { CreatePostModal } from './create-post-modal.tsx';
import { loadPostDraft, postDraftOf, savePostPhotos, savePostText } from './post-draft-storage.ts';

const uploads = fakeUploads();
standardBlobs();

let memberCount = 0;
/** A member of their own for each test: drafts are kept per member, in one IndexedDB for the whole file. */
function signIn() {
  memberCount += 1;
  const id = `member-${memberCount}`;
  signInAs({
    id,
    first_name: 'Dakota',
    last_name: 'Reyes',
    email: `${id}@example.com`,
    api_token: `token-${id}`,
    is_onboard: 1,
    verified: 1,
  });
  return id;
}

function renderModal() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreatePostModal open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create Post' });
  return {
    onOpenChange,
    dialog,
    text: within(dialog).getByRole('textbox', { name: 'Post text' }),
    post: within(dialog).getByRole('button', { name: 'Post' }),
  };
}

const jpeg = (label: string) => new NodeBlob([label], { type: 'image/jpeg' }) as unknown as Blob;

let member = '';
beforeEach(() => {
  member = signIn();
});

describe('Create Post', () => {
  test('Post stays disabled while the text is blank after trimming and there is no photo', async () => {
    const user = userEvent.setup();
    const { text, post } = renderModal();
    expect(post).toHaveProperty('disabled', true);
    await user.type(text, '   ');
    expect(post).toHaveProperty('disabled', true);
    await user.type(text, 'Howdy');
    expect(post).toHaveProperty('disabled', false);
  });

  test('while the post uploads, nothing can be changed or sent again and leaving the page asks first; then the draft is gone', async () => {
    const user = userEvent.setup();
    const { dialog, text, post, onOpenChange } = renderModal();
    await user.type(text, 'Slack round at dawn');
    await waitFor(() => expect(readDraft(postDraftOf(member))).toBe('Slack round at dawn'));
    await user.click(post);

    expect(uploads).toHaveLength(1);
    const upload = uploads[0];
    expect(upload?.method).toBe('POST');
    expect(upload?.url).toBe('/api/posts');
    expect(upload?.body.get('title')).toBe('Slack round at dawn');
    expect(upload?.headers.authorization).toBe(`Bearer token-${member}`);
    const sending = within(dialog).getByRole('button', { name: 'Post' });
    expect(sending).toHaveProperty('disabled', true);
    expect(sending.getAttribute('aria-busy')).toBe('true');
    expect(text).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Discard draft' })).toHaveProperty('disabled', true);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    upload?.respond(200, { data: { id: 1 } });
    expect(await screen.findByText('Your post is live.')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    await waitFor(async () => expect(await loadPostDraft(member)).toBeNull());
  });

  test("a refused post shows the server's message and keeps what was written", async () => {
    const user = userEvent.setup();
    const { dialog, text } = renderModal();
    await user.type(text, 'Loose cattle on the highway');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    uploads[0]?.respond(422, { message: FEED_MESSAGES.postTooLong, errors: { title: [FEED_MESSAGES.postTooLong] } });

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The post is too long.');
    expect(text).toHaveProperty('value', 'Loose cattle on the highway');
    expect(text).toHaveProperty('disabled', false);
    expect((await loadPostDraft(member))?.text).toBe('Loose cattle on the highway');
  });

  test('at most 10 photos: an eleventh chosen is refused with the contract message', async () => {
    const user = userEvent.setup();
    const { dialog } = renderModal();
    const files = Array.from({ length: 11 }, (_, index) => photoFile(`photo-${index + 1}.jpg`));
    await user.upload(screen.getByTestId('post-photo-input'), files);

    expect(await screen.findByText('A post can have at most 10 photos.')).toBeTruthy();
    expect(within(dialog).getByText('Photo 1 of 10')).toBeTruthy();
    // The Post button waits behind the crop step: nothing is sent before the photos are framed.
    expect(within(dialog).queryByRole('button', { name: 'Post' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Confirm Crop' })).toBeTruthy();
  });

  test('a non-image dropped on the post is refused with the spec alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { dialog } = renderModal();
    const fieldset = within(dialog).getByRole('group', { name: 'New post' });
    const dataTransfer = { files: [photoFile('notes.txt', 'text/plain')] };
    fieldset.dispatchEvent(Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(FEED_MESSAGES.dropImageOnly));
    expect(within(dialog).queryByRole('button', { name: 'Confirm Crop' })).toBeNull();
  });

  test('a kept draft comes back when the modal opens: its text, its photos and the one waiting to be cropped', async () => {
    savePostText(member, 'Draft from before the reload');
    await savePostPhotos(member, {
      photos: [
        { id: 'a', jpeg: jpeg('first') },
        { id: 'b', jpeg: jpeg('second') },
      ],
      pending: [{ image: jpeg('third') }],
    });
    const user = userEvent.setup();
    const { dialog } = renderModal();

    expect(await within(dialog).findByText('Your unsent post was kept.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm Crop' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('textbox', { name: 'Post text' })).toHaveProperty(
      'value',
      'Draft from before the reload',
    );
    const grid = within(dialog).getByRole('list', { name: 'Photos in this post' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByText('2 of 10 photos')).toBeTruthy();
    // The cancelled crop is forgotten by the draft too.
    await waitFor(async () => expect((await loadPostDraft(member))?.pending).toEqual([]));

    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(within(dialog).getByRole('textbox', { name: 'Post text' })).toHaveProperty('value', '');
    expect(within(dialog).queryByRole('list', { name: 'Photos in this post' })).toBeNull();
    expect(within(dialog).queryByText('Your unsent post was kept.')).toBeNull();
    await waitFor(async () => expect(await loadPostDraft(member)).toBeNull());
  });

  test("another member's draft on the same browser is never shown", async () => {
    const first = member;
    savePostText(first, 'Only for the first member');
    await savePostPhotos(first, { photos: [{ id: 'a', jpeg: jpeg('first') }], pending: [] });
    const second = signIn();
    const user = userEvent.setup();
    const { dialog, text } = renderModal();
    await user.type(text, 'Mine');
    // Kept only once the second member's own draft has been read: by then the first's would have shown.
    await waitFor(() => expect(readDraft(postDraftOf(second))).toBe('Mine'));
    expect(text).toHaveProperty('value', 'Mine');
    expect(within(dialog).queryByRole('list', { name: 'Photos in this post' })).toBeNull();
    expect(within(dialog).queryByText('Your unsent post was kept.')).toBeNull();
    expect((await loadPostDraft(first))?.text).toBe('Only for the first member');
  });
});
