import type { HaulReportTargetType } from '@corral/contract';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';

const ReportModal = lazyDialog(() =>
  import('../../items/components/report-modal.tsx').then((module) => module.ReportModal),
);

/**
 * Report a hauling offer, request or review (ADR 028 "Hauling items"): a small flag button that opens the
 * report dialog (the six reasons, Other's text) and gives focus back when it closes. Show it only on others'
 * offers, requests and reviews: the server answers one's own with 400. `label` names the button for screen
 * readers and shows beside the flag ('Report', 'Report this offer').
 */
export function ReportHaulButton({
  targetType,
  targetId,
  label = 'Report',
  className,
}: {
  targetType: HaulReportTargetType;
  targetId: number;
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = (next: boolean) => {
    if (next) return;
    setOpen(false);
    refocus(trigger);
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={ReportModal.preload}
        onFocus={ReportModal.preload}
        className={clsx(
          'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-stone-600 hover:bg-leather-100 hover:text-leather-900',
          className,
        )}
      >
        <Icon name="flag" className="size-4" />
        {label}
      </button>
      <ReportModal target={{ type: targetType, id: targetId }} open={open} onOpenChange={close} />
    </>
  );
}
