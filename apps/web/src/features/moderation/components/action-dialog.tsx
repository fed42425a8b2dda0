import { MODERATION_LIMITS, type ModerationAction, type ModerationCase } from '@corral/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useActOnCase } from '../api/act-on-case.ts';
import { type ActionDraft, actionRequest, type DraftErrors, EMPTY_DRAFT, untilRange } from './action-form.ts';
import { ACTION_LABELS, actionTitle, NOTIFIES_MEMBER, subjectName } from './action-words.ts';
import { Field } from './field.tsx';

export interface ActionTarget {
  c: ModerationCase;
  action: ModerationAction;
}

const keyOf = (target: ActionTarget) => `${target.c.id}:${target.action}`;

/**
 * The one dialog of every action: a reason (required; the member is told it when the action concerns them),
 * a note to the member, and for a suspension the day it ends. Errors, the server's verbatim, show in the
 * dialog and nothing typed is lost; the draft stays for the same action on the same case until it is done.
 */
export function ActionDialog({
  target,
  onClose,
  onDone,
}: {
  target: ActionTarget | null;
  onClose: () => void;
  onDone: (target: ActionTarget, until: string | undefined) => void;
}) {
  // The last target stays rendered while the dialog animates out.
  const [shown, setShown] = useState(target);
  const [draft, setDraft] = useState<ActionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const act = useActOnCase();
  if (target && (!shown || keyOf(target) !== keyOf(shown))) {
    setShown(target);
    setDraft(EMPTY_DRAFT);
    setErrors({});
  }
  const formId = useId();
  if (!shown) return null;
  const { c, action } = shown;
  const notifies = NOTIFIES_MEMBER.has(action);
  const range = untilRange();
  // A failure of this very action on this case (an earlier one's is not shown on another).
  const failed = act.isError && act.variables.caseId === c.id && act.variables.body.action === action;
  const serverError = failed && act.error instanceof ApiError ? act.error : undefined;

  const change = (field: keyof ActionDraft) => (value: string) => {
    setDraft((before) => ({ ...before, [field]: value }));
    if (errors[field]) setErrors((before) => ({ ...before, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (act.isPending || !shown) return;
    const request = actionRequest(action, draft);
    if ('errors' in request) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    act.mutate(
      { caseId: c.id, body: request.body },
      {
        onSuccess: () => {
          const done = shown;
          setDraft(EMPTY_DRAFT);
          onDone(done, request.body.until);
        },
      },
    );
  }

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={actionTitle(action, c)}
      description={
        notifies
          ? `${subjectName(c)} is told the reason and the note, and may appeal once.`
          : 'The reason goes to the audit log; the member is not told.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={act.isPending} variant={action === 'ban' ? 'danger' : 'primary'}>
            {ACTION_LABELS[action]}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failed && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError?.message ?? 'That did not work. Please try again.'}
          </p>
        )}
        <Field
          label="Reason"
          hint={notifies ? 'The member reads it.' : 'For the audit log.'}
          multiline
          required
          value={draft.reason}
          onChange={change('reason')}
          maxLength={MODERATION_LIMITS.reasonMax}
          error={errors.reason ?? serverError?.fieldError('reason')}
        />
        {notifies && (
          <Field
            label="Note to the member (optional)"
            multiline
            value={draft.note}
            onChange={change('note')}
            maxLength={MODERATION_LIMITS.noteMax}
            error={errors.note ?? serverError?.fieldError('note')}
          />
        )}
        {action === 'suspend' && (
          <Field
            label="Suspended until"
            hint="They can sign in again on this day; at most a year from today."
            type="date"
            required
            min={range.min}
            max={range.max}
            value={draft.until}
            onChange={change('until')}
            error={errors.until ?? serverError?.fieldError('until')}
          />
        )}
        {action === 'ban' && (
          <p className="text-sm text-stone-700">
            A ban deletes the account as the member's own deletion would: their posts go at once, and the account is
            purged after 30 days.
          </p>
        )}
      </form>
    </Modal>
  );
}
