import { type EventDraft, type EventDraftForm, eventDraftSchema, MESSAGES, newEventDraft } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useSession } from '../../../lib/session-store.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { useCreateEvent } from '../api/events-api.ts';
import {
  clearEventDraft,
  isBlankDraft,
  loadEventDraft,
  loadEventImage,
  saveEventDraft,
  saveEventImage,
} from './event-draft-storage.ts';
import { EventFormFields } from './event-form.tsx';
import type { PendingCrop } from './event-image-field.tsx';
import { showEventFormFailure } from './server-errors.ts';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/**
 * Create Event (spec: opened from the top bar's plus): the whole draft, checked by the contract's schema,
 * sent as multipart with the cropped image. The draft, image included, is kept per member while it is
 * written (event-draft-storage.ts), so closing by mistake or a reload loses nothing; 'Discard draft' starts
 * again. Leaving the page during the upload asks first.
 */
export function CreateEventModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const memberId = useSession((state) => state.currentUser?.id) ?? '';
  const [progress, setProgress] = useState(0);
  const [image, setImage] = useState<{ blob: Blob; url: string } | null>(null);
  const [imageError, setImageError] = useState<string>();
  const create = useCreateEvent(setProgress);
  const form = useForm<EventDraftForm, unknown, EventDraft>({
    resolver: zodResolver(eventDraftSchema),
    defaultValues: newEventDraft(),
  });
  const [hasDraft, setHasDraft] = useState(false);
  const restoredFor = useRef<string | null>(null);
  const imageField = useRef<PendingCrop>(null);
  const applyingCrop = useRef(false);

  // Each opening starts from the member's kept draft, if any.
  useEffect(() => {
    if (!open || !memberId || restoredFor.current === memberId) return;
    restoredFor.current = memberId;
    const store = storage();
    const kept = store ? loadEventDraft(store, memberId) : null;
    if (kept) {
      form.reset(kept);
      setHasDraft(true);
    }
    // The image comes back from IndexedDB a moment later, unless the member has chosen another meanwhile.
    void loadEventImage(memberId).then((blob) => {
      if (blob) setImage((current) => current ?? { blob, url: URL.createObjectURL(blob) });
    });
  }, [open, memberId, form]);

  // Every change is kept (blank drafts are forgotten).
  useEffect(() => {
    if (!memberId) return;
    const subscription = form.watch((values) => {
      const store = storage();
      if (!store) return;
      const draft = values as EventDraftForm;
      saveEventDraft(store, memberId, draft);
      setHasDraft(!isBlankDraft(draft));
    });
    return () => subscription.unsubscribe();
  }, [form, memberId]);

  function setImageBlob(blob: Blob | null) {
    if (memberId) void saveEventImage(memberId, blob);
    setImageError(undefined);
    setImage((current) => {
      if (current) URL.revokeObjectURL(current.url);
      return blob ? { blob, url: URL.createObjectURL(blob) } : null;
    });
  }

  function discard() {
    const store = storage();
    if (store && memberId) clearEventDraft(store, memberId);
    form.reset(newEventDraft());
    setImageBlob(null);
    setHasDraft(false);
    create.reset();
  }

  useLeaveWarning(create.isPending);

  function close(next: boolean) {
    if (!next && create.isPending) return;
    onOpenChange(next);
  }

  const send = (image: Blob | null) =>
    form.handleSubmit(
      (draft) => {
        setProgress(0);
        create.mutate(
          { draft, image },
          {
            onSuccess: () => {
              toast.success('Your event is live.');
              const store = storage();
              if (store && memberId) clearEventDraft(store, memberId);
              form.reset(newEventDraft());
              setImageBlob(null);
              setHasDraft(false);
              onOpenChange(false);
            },
            onError: (error) =>
              showEventFormFailure(error, form.setError, setImageError, 'Your event could not be created.'),
          },
        );
      },
      // One toast however often the form is sent: the same id replaces it.
      () => toast.error(MESSAGES.generic.correctErrors, { id: 'event-form-invalid' }),
    )();

  // A photo still in the crop step goes with the event as framed; one that cannot be framed stops the
  // submit, and the image field says why.
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (applyingCrop.current || create.isPending) return;
    applyingCrop.current = true;
    let cropped: Blob | undefined;
    try {
      cropped = await imageField.current?.apply();
    } catch {
      return;
    } finally {
      applyingCrop.current = false;
    }
    await send(cropped ?? image?.blob ?? null);
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Create Event"
      description="Fill in the event's details, then create it."
      className="modal-zoom sm:w-[min(44rem,calc(100vw-2rem))]"
      footer={
        <>
          {(hasDraft || image) && (
            // 'Discard' alone on a phone, so that the three buttons fit on one line at 360 px.
            <Button
              variant="ghost"
              onClick={discard}
              disabled={create.isPending}
              aria-label="Discard draft"
              className="mr-auto max-sm:px-2!"
            >
              <span>
                Discard<span className="hidden sm:inline"> draft</span>
              </span>
            </Button>
          )}
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending} className="max-sm:px-3!">
            Cancel
          </Button>
          <Button type="submit" form="create-event-form" busy={create.isPending}>
            Create Event
          </Button>
        </>
      }
    >
      <form id="create-event-form" noValidate onSubmit={submit}>
        <fieldset disabled={create.isPending} className="m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">New event</legend>
          <EventFormFields
            form={form}
            image={image?.url ?? null}
            onImageChange={setImageBlob}
            imageError={imageError}
            imageRef={imageField}
            disabled={create.isPending}
          />
        </fieldset>
        {create.isPending && image && (
          <div className="mt-4">
            <ProgressBar value={Math.round(progress * 100)} max={100} label="Uploading the image" />
          </div>
        )}
      </form>
    </Modal>
  );
}
