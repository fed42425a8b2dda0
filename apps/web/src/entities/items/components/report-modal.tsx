import { FEED_MESSAGES, MODERATION_MESSAGES, REPORT_REASONS } from '@corral/contract';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { useTextDraft } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { type ReportTarget, useReport } from '../api/report-item.ts';

type Reason = (typeof REPORT_REASONS)[number];

/**
 * 'Report This Post' (or Comment, Event, Member, Message): the six reasons (the first chosen on open), free text only for Other. The Other text is
 * the member's draft for the item until the report is in (lib/use-draft.ts): an opening that finds one starts
 * at Other with it; closing, a reload or a failed send keeps it.
 */
export function ReportModal({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const {
    text: other,
    setText: setOther,
    clear,
  } = useTextDraft(
    'report',
    target.type === 'post' || target.type === 'event' ? target.id : `${target.type}-${target.id}`,
  );
  const reasonOnOpening = (): Reason => (other.trim() ? 'Other' : REPORT_REASONS[0]);
  const [reason, setReason] = useState<Reason>(reasonOnOpening);
  const [wasOpen, setWasOpen] = useState(open);
  const report = useReport();
  const otherId = useId();
  const questionId = useId();

  // Each opening starts at the first reason, or at Other when its text was kept.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setReason(reasonOnOpening());
  }

  function submit() {
    if (report.isPending) return;
    if (reason === 'Other' && other.trim().length === 0) {
      window.alert(FEED_MESSAGES.reportOtherBlank);
      return;
    }
    // A promise, not mutate's callbacks: the draft goes even if the page was left meanwhile.
    report.mutateAsync({ target, report: reason === 'Other' ? { reason, text: other.trim() } : { reason } }).then(
      (answer) => {
        clear();
        toast.success(answer.message);
        onOpenChange(false);
      },
      (error: unknown) => {
        toast.error(error instanceof ApiError ? error.message : 'Your report could not be sent.');
        // Already reported: there is nothing left to send.
        if (error instanceof ApiError && error.status === 409) {
          clear();
          onOpenChange(false);
        }
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={MODERATION_MESSAGES.reportTitle(target.type)}
      description={MODERATION_MESSAGES.reportPrivacy(target.type)}
      showDescription
      footer={
        <Button onClick={submit} busy={report.isPending}>
          Submit
        </Button>
      }
    >
      <p id={questionId} className="mb-3 font-semibold text-leather-900">
        {FEED_MESSAGES.reportQuestion}
      </p>
      <RadioGroup.Root
        aria-labelledby={questionId}
        value={reason}
        onValueChange={(value) => setReason(value as Reason)}
        className="flex flex-col gap-1"
      >
        {REPORT_REASONS.map((option) => {
          const id = `${otherId}-${option.replace(/\W+/g, '-')}`;
          return (
            <div key={option} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-leather-50">
              <RadioGroup.Item
                id={id}
                value={option}
                className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-leather-400 data-[state=checked]:border-leather-700"
              >
                <RadioGroup.Indicator className="size-2.5 rounded-full bg-leather-700" />
              </RadioGroup.Item>
              <label htmlFor={id} className="flex-1 cursor-pointer text-stone-800">
                {option}
              </label>
            </div>
          );
        })}
      </RadioGroup.Root>
      {reason === 'Other' && (
        <div className="mt-3">
          <label htmlFor={otherId} className="mb-1 block text-sm font-medium text-stone-700">
            Tell us more
          </label>
          <textarea
            id={otherId}
            value={other}
            onChange={(event) => setOther(event.target.value)}
            maxLength={1000}
            rows={3}
            className="w-full resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
          />
        </div>
      )}
    </Modal>
  );
}
