import { appealCreateSchema, MODERATION_LIMITS, MODERATION_MESSAGES } from '@corral/contract';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { useTextDraft } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useAppeal } from '../api/appeal.ts';

export interface AppealDialogProps {
  /** The moderator's action appealed (a notification's or a standing notice's `action_id`). */
  actionId: number;
  /** What was decided, in a line ('Warning: Harassment'), so the member knows what they appeal. */
  summary?: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Appeal this decision': why it should change, sent once per action (POST /appeals). The text is the member's
 * draft for the action until the appeal is in (lib/use-draft.ts), so closing, a reload or a failed send keeps
 * it. Already appealed (409) says so in the dialog and forgets the draft: there is nothing left to send.
 */
export function AppealDialog({ actionId, summary, open, onOpenChange }: AppealDialogProps) {
  const { text, setText, clear } = useTextDraft('appeal', actionId);
  const appeal = useAppeal();
  const [problem, setProblem] = useState<{ message: string; final: boolean } | null>(null);
  const fieldId = useId();
  const problemId = useId();

  function changeOpen(next: boolean) {
    if (!next) setProblem(null);
    onOpenChange(next);
  }

  function submit() {
    if (appeal.isPending) return;
    const body = appealCreateSchema.safeParse({ action_id: actionId, text });
    if (!body.success) {
      setProblem({ message: body.error.issues[0]?.message ?? MODERATION_MESSAGES.appealRequired, final: false });
      return;
    }
    setProblem(null);
    // A promise, not mutate's callbacks: the draft goes even if the dialog was closed meanwhile.
    appeal.mutateAsync(body.data).then(
      (answer) => {
        clear();
        toast.success(answer?.message || MODERATION_MESSAGES.appealReceived);
        changeOpen(false);
      },
      (error: unknown) => {
        const already = error instanceof ApiError && error.status === 409;
        if (already) clear();
        setProblem({
          message: error instanceof ApiError ? error.message : 'Your appeal could not be sent. Please try again.',
          final: already,
        });
      },
    );
  }

  const final = problem?.final ?? false;
  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="Appeal this decision"
      description="An appeal reopens the case: the moderators review the decision with what you write."
      footer={
        final ? (
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit} busy={appeal.isPending}>
              Send appeal
            </Button>
          </>
        )
      }
    >
      {summary && <p className="mb-3 rounded-lg bg-leather-50 px-3 py-2 text-sm text-leather-900">{summary}</p>}
      <p className="mb-3 text-sm text-stone-600">You can appeal each decision once. Say what the moderators missed.</p>
      {!final && (
        <>
          <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-stone-700">
            Why should this decision change?
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={MODERATION_LIMITS.appealMax}
            rows={5}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="w-full resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:ring-1 focus:ring-leather-600 focus:outline-none"
          />
          <p className="mt-1 text-right text-xs text-stone-500">
            {text.length}/{MODERATION_LIMITS.appealMax}
          </p>
        </>
      )}
      {problem && (
        <p
          id={problemId}
          role="alert"
          className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {problem.message}
        </p>
      )}
    </Modal>
  );
}
