// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import type { EventDetail } from '@corral/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { draftKey } from '../../../lib/storage-keys.ts';
import { fakeUploads, standardBlobs } from '../../../test/fake-upload.ts';
import { serveReferenceLists } from '../../../test/reference-lists.ts';
import { signInAs } from '../../../test/render-route.tsx';
import { editDraftAddress, eventFormValues, loadEditImage, saveEditImage } from './edit-event-draft-storage.ts';
import { EditEventModal } from './edit-event-modal.tsx';

const uploads = fakeUploads();
standardBlobs();

const MEMBER = 'member-1';
const EVENT: EventDetail = {
  id: 7,
  title: 'Cheyenne Classic',
  kind: 'rodeo',
  from_date: '2031-05-01T15:00:00.000Z',
  to_date: '2031-05-03T00:00:00.000Z',
  time_zone: 'America/Denver',
  location: 'Frontier Park Arena',
  address: '4610 Carey Ave, Cheyenne, WY',
  place: null,
  added_money: 0,
  is_private: false,
  tour: false,
  sync: true,
  confirmation: 'planning',
  circuit: { id: 3, name: 'Mountain States', abr: 'MS' },
  association: { id: 2, name: 'Pro Rodeo Cowboys Association', abr: 'PRCA' },
  event_types: [{ id: 1, name: 'Team Roping', abr: 'TR' }],
  performances: [{ id: 11, name: 'Team Roping', starts_at: '2031-05-01T16:00:00.000Z' }],
  followers_count: 0,
  is_following: false,
  is_cancelled: false,
  likes_count: 0,
  is_liked: false,
  image: null,
  owner: { id: MEMBER, first_name: 'Dakota', last_name: 'Reyes', avatar: null },
  created_at: '2026-05-01T12:00:00.000Z',
  updated_at: '2026-05-01T12:00:00.000Z',
};
const KEY = draftKey(editDraftAddress(MEMBER, EVENT.id));
const kept = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as { basedOn: string; image: string } | null;

beforeEach(() => {
  serveReferenceLists();
  signInAs({ id: MEMBER, first_name: 'Dakota', last_name: 'Reyes', is_onboard: 1, verified: 1 });
});

/** The modal for `detail`, opened; `show` opens, closes or changes the event as its page would. */
function renderModal(detail: EventDetail = EVENT) {
  const onOpenChange = vi.fn();
  const client = new QueryClient();
  const tree = (shown: EventDetail, open: boolean) => (
    <QueryClientProvider client={client}>
      <EditEventModal detail={shown} open={open} onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>
  );
  const { rerender, unmount } = render(tree(detail, true));
  const dialog = () => screen.getByRole('dialog', { name: 'Edit Event' });
  return {
    dialog,
    onOpenChange,
    unmount,
    show: (open: boolean, shown: EventDetail = detail) => rerender(tree(shown, open)),
    field: (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement,
    button: (name: string) => within(dialog()).getByRole('button', { name }),
  };
}

describe('Edit Event keeps the changes as a draft of the event', () => {
  test('closed and opened again, or after a reload, the changes are there and it says so; an unchanged form keeps nothing', async () => {
    const user = userEvent.setup();
    const modal = renderModal();
    expect(modal.field('Event title').value).toBe('Cheyenne Classic');
    expect(screen.queryByText('Your unsaved changes were kept.')).toBeNull();
    await user.type(modal.field('Event title'), ' II');
    await user.clear(modal.field('Performance 1 name'));
    await user.type(modal.field('Performance 1 name'), 'Saddle Bronc');
    expect(kept()?.basedOn).toBe(EVENT.updated_at);

    modal.show(false);
    modal.show(true);
    expect(modal.field('Event title').value).toBe('Cheyenne Classic II');
    expect(modal.field('Performance 1 name').value).toBe('Saddle Bronc');
    expect(screen.getByText('Your unsaved changes were kept.')).toBeTruthy();

    modal.unmount();
    const again = renderModal();
    expect(again.field('Event title').value).toBe('Cheyenne Classic II');

    // Typed back to what the event says, there is nothing left to keep.
    await user.clear(again.field('Event title'));
    await user.type(again.field('Event title'), 'Cheyenne Classic');
    await user.clear(again.field('Performance 1 name'));
    await user.type(again.field('Performance 1 name'), 'Team Roping');
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByText('Your unsaved changes were kept.')).toBeNull();
  });

  test('a newly cropped photo comes back with the draft', async () => {
    const address = editDraftAddress(MEMBER, EVENT.id);
    await saveEditImage(address, new NodeBlob(['cropped'], { type: 'image/jpeg' }) as unknown as Blob);
    localStorage.setItem(
      KEY,
      JSON.stringify({ basedOn: EVENT.updated_at, values: eventFormValues(EVENT), image: 'new' }),
    );
    const modal = renderModal();
    const cover = await within(modal.dialog()).findByRole('img', { name: "Preview of the event's cover" });
    expect(cover.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('Your unsaved changes were kept.')).toBeTruthy();
  });

  test('a refusal keeps the draft; the upload warns before leaving; once saved the draft is gone', async () => {
    const user = userEvent.setup();
    const modal = renderModal();
    await user.type(modal.field('Event title'), ' II');
    await user.click(modal.button('Save'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.method).toBe('PATCH');
    expect(uploads[0]?.body.get('eventTitle')).toBe('Cheyenne Classic II');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    uploads[0]?.respond(422, { message: 'Event title is required.', errors: { eventTitle: ['Too plain.'] } });
    expect(await within(modal.dialog()).findByText('Too plain.')).toBeTruthy();
    expect(kept()).not.toBeNull();
    await user.click(modal.button('Save'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]?.fail();
    expect(await screen.findByText('Network error. Please check your internet connection.')).toBeTruthy();
    expect(modal.field('Event title').value).toBe('Cheyenne Classic II');
    expect(kept()).not.toBeNull();

    await user.click(modal.button('Save'));
    await waitFor(() => expect(uploads).toHaveLength(3));
    uploads[2]?.respond(200, {
      data: { ...EVENT, title: 'Cheyenne Classic II', updated_at: '2026-05-02T08:00:00.000Z' },
    });
    expect(await screen.findByText('The event is updated.')).toBeTruthy();
    expect(modal.onOpenChange).toHaveBeenCalledWith(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  test('Cancel forgets the changes; Escape keeps them', async () => {
    const user = userEvent.setup();
    const modal = renderModal();
    await user.type(modal.field('Event title'), ' II');
    await user.keyboard('{Escape}');
    expect(modal.onOpenChange).toHaveBeenLastCalledWith(false);
    expect(kept()).not.toBeNull();
    await user.click(modal.button('Cancel'));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  test('a draft the event has moved on from stays, says so, and can be discarded for the event as it is now', async () => {
    const address = editDraftAddress(MEMBER, EVENT.id);
    await saveEditImage(address, new NodeBlob(['cropped'], { type: 'image/jpeg' }) as unknown as Blob);
    const values = { ...eventFormValues(EVENT), eventTitle: 'Cheyenne Classic II' };
    localStorage.setItem(KEY, JSON.stringify({ basedOn: EVENT.updated_at, values, image: 'new' }));
    const moved = { ...EVENT, location: 'Laramie County Fairgrounds', updated_at: '2026-05-02T08:00:00.000Z' };
    const user = userEvent.setup();
    const modal = renderModal(moved);
    expect(modal.field('Event title').value).toBe('Cheyenne Classic II');
    expect(modal.field('Event location').value).toBe('Frontier Park Arena');
    expect(screen.getByText(/the event was changed since/)).toBeTruthy();

    await user.click(modal.button('Discard my changes'));
    expect(modal.field('Event title').value).toBe('Cheyenne Classic');
    expect(modal.field('Event location').value).toBe('Laramie County Fairgrounds');
    expect(screen.queryByText(/unsaved changes/)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    await waitFor(async () => expect(await loadEditImage(address)).toBeNull());
  });

  test('while it is open, the form follows the event changing on the server until the member changes something', async () => {
    const user = userEvent.setup();
    const modal = renderModal();
    const moved = { ...EVENT, location: 'Laramie County Fairgrounds', updated_at: '2026-05-02T08:00:00.000Z' };
    modal.show(true, moved);
    expect(modal.field('Event location').value).toBe('Laramie County Fairgrounds');
    await user.type(modal.field('Event title'), ' II');
    expect(screen.queryByText(/changed since/)).toBeNull();
    modal.show(true, { ...moved, address: '1 Arena Rd', updated_at: '2026-05-03T08:00:00.000Z' });
    expect(modal.field('Event title').value).toBe('Cheyenne Classic II');
    expect(modal.field('Event address').value).toBe('4610 Carey Ave, Cheyenne, WY');
    expect(screen.getByText(/the event was changed since/)).toBeTruthy();
  });
});
