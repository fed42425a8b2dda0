import { EDITED_MARKER } from '@corral/contract';
import { useState } from 'react';
import { formatTimestamp } from '../../../lib/format.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import type { RevisionsTarget } from '../api/revisions.ts';

const RevisionsModal = lazyDialog(() => import('./revisions-modal.tsx').then((module) => module.RevisionsModal));

/**
 * "edited" beside an edited post's or comment's time: a button opening its earlier versions, for anyone who
 * sees it. Nothing when it was never edited.
 */
export function EditedMarker({ target, editedAt }: { target: RevisionsTarget; editedAt: string | null }) {
  const [open, setOpen] = useState(false);
  if (!editedAt) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={RevisionsModal.preload}
        onFocus={RevisionsModal.preload}
        title={`Edited ${formatTimestamp(editedAt)}`}
        aria-label={`${EDITED_MARKER}: show earlier versions`}
        aria-haspopup="dialog"
        className="rounded text-xs text-stone-500 underline decoration-dotted underline-offset-2 hover:text-leather-800"
      >
        {EDITED_MARKER}
      </button>
      <RevisionsModal target={target} open={open} onOpenChange={setOpen} />
    </>
  );
}
