import type { EventDetail, EventDraftForm } from '@corral/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMemberId } from '../../../lib/use-draft.ts';
import {
  clearEditDraft,
  editDraftAddress,
  eventFormValues,
  type ImageChoice,
  loadEditDraft,
  loadEditImage,
  sameEventValues,
  saveEditDraft,
  saveEditImage,
} from './edit-event-draft-storage.ts';
import type { EventFormApi } from './event-form.tsx';

export type EditImage = { kind: 'kept' } | { kind: 'new'; blob: Blob; url: string } | { kind: 'removed' };

/**
 * Keeps what the member changes in Edit Event as their draft of that event (edit-event-draft-storage.ts):
 * each opening brings back what they left, or the event as it is now; every change is kept at once, and a
 * draft that no longer differs from the event is forgotten. While nothing is changed, the form follows the
 * event when it changes on the server; a draft made on an older version stays, and `changedSince` says so.
 */
export function useEditEventDraft(detail: EventDetail, open: boolean, form: EventFormApi) {
  const member = useMemberId();
  const address = useMemo(() => editDraftAddress(member, detail.id), [member, detail.id]);
  const [image, setImage] = useState<EditImage>({ kind: 'kept' });
  const [basedOn, setBasedOn] = useState(detail.updated_at);
  const [restored, setRestored] = useState(false);
  const [kept, setKept] = useState(false);
  // What the form's subscription reads: the latest event, version and image, and which opening this is.
  const latest = useRef({ detail, basedOn: detail.updated_at, image: 'kept' as ImageChoice, kept: false });
  const openedFor = useRef<typeof address | null>(null);
  const { reset, watch, getValues } = form;

  const keep = useCallback(
    (values: Partial<EventDraftForm>, choice: ImageChoice) => {
      const now = latest.current;
      const changed = choice !== 'kept' || !sameEventValues(values, eventFormValues(now.detail));
      saveEditDraft(
        address,
        changed ? { basedOn: now.basedOn, values: values as EventDraftForm, image: choice } : null,
      );
      now.kept = changed;
      setKept(changed);
    },
    [address],
  );

  /** Starts from the event as it is now, with no draft. */
  const startFresh = useCallback(() => {
    Object.assign(latest.current, { basedOn: detail.updated_at, image: 'kept', kept: false });
    setBasedOn(detail.updated_at);
    setKept(false);
    setRestored(false);
    setImage((current) => {
      if (current.kind === 'new') URL.revokeObjectURL(current.url);
      return { kind: 'kept' };
    });
    reset(eventFormValues(detail));
  }, [detail, reset]);

  useEffect(() => {
    latest.current.detail = detail;
    if (!open) {
      openedFor.current = null;
      return;
    }
    if (openedFor.current === address) {
      // The event changed on the server while the form is open: nothing typed, so show it as it is now.
      if (!latest.current.kept && detail.updated_at !== latest.current.basedOn) startFresh();
      return;
    }
    const draft = loadEditDraft(address);
    startFresh();
    if (draft) {
      Object.assign(latest.current, { basedOn: draft.basedOn, image: draft.image, kept: true });
      setBasedOn(draft.basedOn);
      setKept(true);
      setRestored(true);
      if (draft.image === 'removed') setImage({ kind: 'removed' });
      reset(draft.values);
    }
    // Only now are changes kept: the resets above are not the member's.
    openedFor.current = address;
    if (draft?.image !== 'new') return;
    // The photo comes back from IndexedDB a moment later, unless the member has chosen otherwise meanwhile.
    void loadEditImage(address).then((blob) => {
      if (openedFor.current !== address || latest.current.image !== 'new') return;
      if (blob)
        setImage((current) =>
          current.kind === 'new' ? current : { kind: 'new', blob, url: URL.createObjectURL(blob) },
        );
      else {
        latest.current.image = 'kept';
        keep(getValues(), 'kept');
      }
    });
  }, [open, address, detail, startFresh, reset, getValues, keep]);

  // Every change is kept (once this opening has read what was kept, so an empty form never overwrites it).
  useEffect(() => {
    const subscription = watch((values) => {
      if (openedFor.current === address) keep(values as Partial<EventDraftForm>, latest.current.image);
    });
    return () => subscription.unsubscribe();
  }, [watch, address, keep]);

  return {
    image,
    /** A newly cropped image, or null for none (removed). */
    setImageBlob(blob: Blob | null) {
      // Removing a photo from an event that had none leaves it as it was.
      const choice: ImageChoice = blob ? 'new' : detail.image ? 'removed' : 'kept';
      latest.current.image = choice;
      void saveEditImage(address, blob);
      setImage((current) => {
        if (current.kind === 'new') URL.revokeObjectURL(current.url);
        return blob
          ? { kind: 'new', blob, url: URL.createObjectURL(blob) }
          : { kind: choice === 'removed' ? 'removed' : 'kept' };
      });
      keep(getValues(), choice);
    },
    /** Whether this opening brought back a kept draft (still differing from the event). */
    restored: restored && kept,
    /** Whether the event was changed on the server since the kept changes were begun. */
    changedSince: kept && basedOn !== detail.updated_at,
    /** Forgets the draft and shows the event as it is now. */
    discard() {
      void clearEditDraft(address);
      startFresh();
    },
    /** Forgets the draft (after a save, or Cancel): the address is this opening's, even if the modal has gone. */
    forget: () => clearEditDraft(address),
  };
}
