import {
  type EventDetail,
  type EventDraft,
  type EventDraftForm,
  eventDraftFromDetail,
  eventDraftSchema,
  MESSAGES,
} from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { useUpdateEvent } from '../api/events-api.ts';
import { EventFormFields } from './event-form.tsx';
import type { PendingCrop } from './event-image-field.tsx';
import { showEventFormFailure } from './server-errors.ts';

/** The edit form's values: the event's draft, its disciplines as the checkboxes' string values. */
function formValues(detail: EventDetail): EventDraftForm {
  const { removeImage: _removeImage, ...draft } = eventDraftFromDetail(detail);
  return { ...draft, eventTypeIds: detail.event_types.map((type) => String(type.id)) };
}

type ImageState = { kind: 'kept' } | { kind: 'new'; blob: Blob; url: string } | { kind: 'removed' };

/** Edit (owner only): the Create Event form prefilled from the event, sent whole as PATCH /events/{id}. */
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
    defaultValues: formValues(detail),
  });
  const [image, setImage] = useState<ImageState>({ kind: 'kept' });
  const [imageError, setImageError] = useState<string>();
  const imageField = useRef<PendingCrop>(null);
  const applyingCrop = useRef(false);
  const { reset } = form;

  // Each opening starts from the event as it is now.
  useEffect(() => {
    if (open) {
      reset(formValues(detail));
      setImage({ kind: 'kept' });
      setImageError(undefined);
    }
  }, [open, detail, reset]);

  function setImageBlob(blob: Blob | null) {
    setImageError(undefined);
    setImage((current) => {
      if (current.kind === 'new') URL.revokeObjectURL(current.url);
      return blob ? { kind: 'new', blob, url: URL.createObjectURL(blob) } : { kind: 'removed' };
    });
  }

  const preview = image.kind === 'new' ? image.url : image.kind === 'kept' ? (detail.image?.src ?? null) : null;

  const send = (cropped: Blob | undefined) =>
    form.handleSubmit(
      (draft) =>
        update.mutate(
          {
            draft: { ...draft, removeImage: cropped ? false : image.kind === 'removed' },
            image: cropped ?? (image.kind === 'new' ? image.blob : null),
          },
          {
            onSuccess: () => {
              toast.success('The event is updated.');
              onOpenChange(false);
            },
            onError: (error) =>
              showEventFormFailure(error, form.setError, setImageError, 'The event could not be saved.'),
          },
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
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-event-form" busy={update.isPending}>
            Save
          </Button>
        </>
      }
    >
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
