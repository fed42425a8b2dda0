import { EDIT_MESSAGES } from '@corral/contract';
import { formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { type RevisionsTarget, useRevisions } from '../api/revisions.ts';

/** "Edit history": the earlier versions of an edited post, share or comment, newest first, each with its time. */
export function RevisionsModal({
  target,
  open,
  onOpenChange,
}: {
  target: RevisionsTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={EDIT_MESSAGES.historyTitle}>
      {open && <Versions target={target} />}
    </Modal>
  );
}

function Versions({ target }: { target: RevisionsTarget }) {
  const revisions = useRevisions(target);
  if (revisions.isPending)
    return (
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {[0, 1].map((n) => (
          <li key={n} className="h-14 animate-pulse rounded-xl bg-leather-50" />
        ))}
      </ul>
    );
  if (revisions.isError)
    return (
      <p role="alert" className="flex items-center justify-between gap-3 text-sm text-red-700">
        The earlier versions could not be loaded.
        <Button variant="secondary" onClick={() => revisions.refetch()}>
          Try again
        </Button>
      </p>
    );
  if (revisions.data.length === 0) return <p className="text-sm text-stone-600">{EDIT_MESSAGES.historyEmpty}</p>;
  return (
    <>
      <p className="mb-3 text-sm text-stone-600">{EDIT_MESSAGES.historyIntro}</p>
      <ol aria-label="Earlier versions" className="flex flex-col gap-3">
        {revisions.data.map((revision, index) => (
          // Versions have no id of their own; their order never changes while the dialog shows them.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="rounded-xl border border-leather-100 px-3 py-2">
            <time dateTime={revision.written_at} className="text-xs text-stone-500">
              {formatTimestamp(revision.written_at)}
            </time>
            <p className="mt-1 whitespace-pre-line break-words text-stone-800">
              {revision.text || <span className="text-stone-500 italic">{EDIT_MESSAGES.historyNoText}</span>}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
