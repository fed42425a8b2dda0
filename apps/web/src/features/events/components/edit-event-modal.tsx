import { type EventDetail, type EventDraft, type EventDraftForm, eventDraftSchema, MESSAGES } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { useUpdateEvent } from '../api/events-api.ts';
import { eventFormValues } from './edit-event-draft-storage.ts';
import { EventFormFields } from './event-form.tsx';
import type { PendingCrop } from './event-image-field.tsx';
import { KeptChangesNote } from './kept-changes-note.tsx';
import { showEventFormFailure } from './server-errors.ts';
import { useEditEventDraft } from './use-edit-event-draft.ts';

/**
 * Edit (owner only): the Create Event form prefilled from the event, sent whole as PATCH /events/{id}. What the
 * member changes is kept as their draft of this event (use-edit-event-draft.ts) until it is saved or they press
 * Cancel: closing by Escape or beside it, a reload, a refusal or a dropped connection loses nothing. Leaving
 * the page during the upload asks first.
 */
export function EditEventModal({
  detail,
  open,
  onOpenChange,
}: {
  detail: EventDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [progress, setProgress] = useState(0);
  const update = useUpdateEvent(detail.id, setProgress);
  const form = useForm<EventDraftForm, unknown, EventDraft>({
    resolver: zodResolver(eventDraftSchema),
    defaultValues: eventFormValues(detail),
  });
  const draft = useEditEventDraft(detail, open, form);
  const { image } = draft;
  const [imageError, setImageError] = useState<string>();
  const imageField = useRef<PendingCrop>(null);
  const applyingCrop = useRef(false);
  const { reset: resetSave } = update;
  useLeaveWarning(update.isPending);

  // Each opening starts without the last one's messages.
  useEffect(() => {
    if (open) {
      setImageError(undefined);
      resetSave();
    }
  }, [open, resetSave]);

  function setImageBlob(blob: Blob | null) {
    setImageError(undefined);
    draft.setImageBlob(blob);
  }

  function cancel() {
    // Cancel means "leave the event as it is", unlike Escape or a click beside (ADR 023).
    void draft.forget();
    onOpenChange(false);
  }

  const preview = image.kind === 'new' ? image.url : image.kind === 'kept' ? (detail.image?.src ?? null) : null;

  const send = (cropped: Blob | undefined) =>
    form.handleSubmit(
      (values) =>
        // A promise rather than mutate's callbacks: a save that ends after the modal has gone still forgets the draft.
        update
          .mutateAsync({
            draft: { ...values, removeImage: cropped ? false : image.kind === 'removed' },
            image: cropped ?? (image.kind === 'new' ? image.blob : null),
          })
          .then(
            () => {
              void draft.forget();
              toast.success('The event is updated.');
              onOpenChange(false);
            },
            // Refused or cut off: the draft stays, and the message says why.
            (error: Error) =>
              showEventFormFailure(error, form.setError, setImageError, 'The event could not be saved.'),
          ),
      // One toast however often the form is sent: the same id replaces it.
      () => toast.error(MESSAGES.generic.correctErrors, { id: 'event-form-invalid' }),
    )();

  // As in Create Event: a photo still in the crop step is saved as framed, or stops the save (crop step).
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (applyingCrop.current || update.isPending) return;
    applyingCrop.current = true;
    try {
      await send(await imageField.current?.apply());
    } catch {
      // The image field says why the photo could not be framed.
    } finally {
      applyingCrop.current = false;
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !update.isPending && onOpenChange(next)}
      title="Edit Event"
      description="Change the event's details, then save."
      className="modal-zoom sm:w-[min(44rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-event-form" busy={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      {!update.isPending && !update.isSuccess && (
        <KeptChangesNote restored={draft.restored} changedSince={draft.changedSince} onDiscard={draft.discard} />
      )}
      <form id="edit-event-form" noValidate onSubmit={submit}>
        <fieldset disabled={update.isPending} className="m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">Edit event</legend>
          <EventFormFields
            form={form}
            image={preview}
            onImageChange={setImageBlob}
            imageError={imageError}
            imageRef={imageField}
            disabled={update.isPending}
            storedPlace={detail.place}
          />
        </fieldset>
        {update.isPending && image.kind === 'new' && (
          <div className="mt-4">
            <ProgressBar value={Math.round(progress * 100)} max={100} label="Uploading the image" />
          </div>
        )}
      </form>
    </Modal>
  );
}
