import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGES,
  type FeedbackForm,
  type FeedbackRequest,
  type FeedbackTopic,
  feedbackRequestSchema,
} from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { clearDraft, readDraft } from '../../../lib/drafts.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useKeepFormDraft, useMemberId } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useSendFeedback } from '../api/send-feedback.ts';

const PROMPTS: Record<FeedbackTopic, string> = {
  help: 'What do you need help with?',
  feedback: 'What would you like to tell us?',
  contact: 'Your message',
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The message form of one topic, validated by the contract's schema. What is typed is the member's draft of
 * that topic (lib/drafts.ts) until the server confirms it: another topic, leaving the page, a reload, or a
 * failure (its reason next to the field or above the button) loses nothing.
 */
export function HelpForm({ topic, onSent }: { topic: FeedbackTopic; onSent: (message: string) => void }) {
  const email = useSession((state) => state.currentUser?.email ?? '');
  const draft = { member: useMemberId(), form: 'help' as const, item: topic };
  const [initial] = useState(() => {
    const kept = readDraft(draft) as { message?: unknown; email?: unknown } | undefined;
    return { topic, message: text(kept?.message) ?? '', email: text(kept?.email) ?? email };
  });
  const send = useSendFeedback();
  const form = useForm<FeedbackForm, unknown, FeedbackRequest>({
    resolver: zodResolver(feedbackRequestSchema),
    defaultValues: initial,
  });
  // Kept while it holds a message, or an address other than the account's.
  useKeepFormDraft(form.watch, draft, (values) =>
    values.message?.trim() || (values.email ?? '') !== email
      ? { message: values.message, email: values.email }
      : undefined,
  );
  const messageId = useId();
  const length = form.watch('message')?.length ?? 0;
  const messageError = form.formState.errors.message?.message;

  const onSubmit = form.handleSubmit((values) =>
    // A promise, not mutate's callbacks: the draft goes even if the page was left meanwhile.
    send.mutateAsync(values).then(
      (answer) => {
        void clearDraft(draft);
        onSent(answer.message);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError)) return;
        for (const field of ['message', 'email'] as const) {
          const fieldError = error.fieldError(field);
          if (fieldError) form.setError(field, { message: fieldError });
        }
      },
    ),
  );
  const sendError =
    send.error &&
    !(send.error instanceof ApiError && (send.error.fieldError('message') || send.error.fieldError('email')))
      ? send.error instanceof ApiError
        ? send.error.message
        : FEEDBACK_MESSAGES.failed
      : null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="hidden" {...form.register('topic')} />
      <div className="flex flex-col gap-1">
        <label htmlFor={messageId} className="text-sm font-medium text-stone-700">
          {PROMPTS[topic]}
        </label>
        <textarea
          id={messageId}
          rows={7}
          maxLength={FEEDBACK_MESSAGE_MAX}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`${messageId}-count${messageError ? ` ${messageId}-error` : ''}`}
          className={clsx(
            'w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200',
            messageError ? 'border-red-600' : 'border-stone-300',
          )}
          {...form.register('message')}
        />
        <div className="flex items-start justify-between gap-3">
          {messageError ? (
            <p id={`${messageId}-error`} role="alert" className="text-sm text-red-700">
              {messageError}
            </p>
          ) : (
            <span />
          )}
          <p id={`${messageId}-count`} className="shrink-0 text-xs text-stone-500">
            {length}/{FEEDBACK_MESSAGE_MAX}
          </p>
        </div>
      </div>
      <TextField
        label="Email for our reply"
        type="email"
        autoComplete="email"
        hint="We answer at this address."
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {sendError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {sendError}
        </div>
      )}
      <Button type="submit" busy={send.isPending} className="self-start">
        Send
      </Button>
    </form>
  );
}
