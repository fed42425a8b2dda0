import { Button } from '../../../ui/button.tsx';

/**
 * Says that Edit Event brought back the member's unsaved changes (as Create Post says its post was kept), and
 * whether the event was changed since they were begun, with the way back to the event as it is now.
 */
export function KeptChangesNote({
  restored,
  changedSince,
  onDiscard,
}: {
  restored: boolean;
  changedSince: boolean;
  onDiscard: () => void;
}) {
  if (!restored && !changedSince) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-leather-50 px-3 py-2 text-sm text-leather-900">
      <p role="status" className="min-w-0 flex-1">
        {changedSince
          ? 'Your unsaved changes were kept, but the event was changed since. Saving replaces it with your version.'
          : 'Your unsaved changes were kept.'}
      </p>
      <Button variant="ghost" onClick={onDiscard} className="-my-1 px-2!">
        Discard my changes
      </Button>
    </div>
  );
}
