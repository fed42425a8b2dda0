import { API_PATHS, MODERATION_LIMITS, MODERATION_MESSAGES, type SuspendedResponse } from '@corral/contract';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

/** How a suspended member's appeal stands, in the panel (the server's `appeal_status`, or just sent). */
const APPEAL_STATUS: Record<NonNullable<SuspendedResponse['appeal_status']>, string> = {
  open: 'You appealed this suspension. A moderator will review it.',
  granted: 'Your appeal of this suspension was granted.',
  denied: 'Your appeal of this suspension was reviewed, and the suspension stands.',
};

/**
 * What a suspended member sees when they sign in with the right password: that the account is suspended, until
 * when, and why (the moderator's reason), in place of the form's error line; then, once per suspension, a form
 * to appeal it (POST /appeals/suspension with the token the refused sign-in answered: they have no session).
 */
export function SuspendedPanel({ suspension }: { suspension: SuspendedResponse }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mb-5 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div role="alert" aria-labelledby={titleId}>
        <h2 id={titleId} className="flex items-center gap-2 font-semibold">
          <Icon name="shield" className="size-5 shrink-0" />
          {MODERATION_MESSAGES.suspendedTitle}
        </h2>
        <p className="mt-2 text-sm">{MODERATION_MESSAGES.suspended(formatTimestamp(suspension.suspended_until))}</p>
        <p className="mt-2 text-sm break-words">
          <span className="font-semibold">Reason: </span>
          {suspension.reason}
        </p>
      </div>
      <p className="mt-3 text-xs text-stone-700">You can sign in again once the suspension ends.</p>
      {suspension.appeal_status ? (
        <p className="mt-3 text-sm font-medium">{APPEAL_STATUS[suspension.appeal_status]}</p>
      ) : (
        suspension.appeal_token && <SuspensionAppealForm token={suspension.appeal_token} />
      )}
    </section>
  );
}

/** 'Appeal this suspension': a reason, sent once; the server's refusal (an expired form, already appealed) shown. */
function SuspensionAppealForm({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [state, setState] = useState<{ sending: boolean; error: string | null; sent: string | null }>({
    sending: false,
    error: null,
    sent: null,
  });
  const fieldId = useId();
  const errorId = useId();

  if (state.sent) {
    return (
      <p role="status" className="mt-3 text-sm font-medium">
        {state.sent}
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        Appeal this suspension
      </Button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.sending) return;
    if (!text.trim()) {
      setState({ sending: false, error: MODERATION_MESSAGES.appealRequired, sent: null });
      return;
    }
    setState({ sending: true, error: null, sent: null });
    try {
      const answer = await api.post<{ message: string }>(API_PATHS.appealSuspension, { token, text });
      setState({ sending: false, error: null, sent: answer.message || MODERATION_MESSAGES.appealReceived });
    } catch (error) {
      const message =
        error instanceof ApiError && error.message ? error.message : 'Your appeal could not be sent. Please try again.';
      setState({ sending: false, error: message, sent: null });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2 text-stone-900">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Why should this suspension end?
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MODERATION_LIMITS.appealMax}
        rows={4}
        // biome-ignore lint/a11y/noAutofocus: the member just asked for this form; the field is what comes next
        autoFocus
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? errorId : undefined}
        className="w-full resize-y rounded-xl border border-leather-200 bg-white px-3 py-2 text-base focus:border-leather-600 focus:ring-1 focus:ring-leather-600 focus:outline-none"
      />
      {state.error && (
        <p id={errorId} role="alert" className="text-sm text-red-800">
          {state.error}
        </p>
      )}
      <Button type="submit" busy={state.sending} className="self-start">
        Send appeal
      </Button>
    </form>
  );
}
