import { FEED_MESSAGES, REPORT_REASONS } from '@corral/contract';
import { RadioGroup } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useReport } from '../api/report-item.ts';

type Reason = (typeof REPORT_REASONS)[number];

/** 'Report This Post': the six reasons (the first chosen on open), free text only for Other. */
export function ReportModal({
  itemId,
  open,
  onOpenChange,
}: {
  itemId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<Reason>(REPORT_REASONS[0]);
  const [other, setOther] = useState('');
  const report = useReport();
  const otherId = useId();
  const questionId = useId();

  useEffect(() => {
    if (!open) return;
    setReason(REPORT_REASONS[0]);
    setOther('');
  }, [open]);

  function submit() {
    if (reason === 'Other' && other.trim().length === 0) {
      window.alert(FEED_MESSAGES.reportOtherBlank);
      return;
    }
    report.mutate(
      { id: itemId, report: reason === 'Other' ? { reason, text: other.trim() } : { reason } },
      {
        onSuccess: () => {
          toast.success(FEED_MESSAGES.reportSubmitted(reason));
          onOpenChange(false);
        },
        onError: (error) => {
          toast.error(error instanceof ApiError ? error.message : 'Your report could not be sent.');
          if (error instanceof ApiError && error.status === 409) onOpenChange(false);
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={FEED_MESSAGES.reportTitle}
      description="Reports are private: the poster is not told who reported them."
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
