import {
  CONVERSATION_MESSAGES,
  DEFAULT_MESSAGE_POLICY,
  MESSAGE_POLICIES,
  MESSAGE_POLICY_LABELS,
  type MessagePolicy,
} from '@corral/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { useMessagePolicy, useSetMessagePolicy } from '../api/message-policy.ts';

/** What each choice means (docs/decisions/029-direct-messages.md, "Who may write"). */
const ABOUT: Record<MessagePolicy, string> = {
  everyone: 'Any member. Those who are not your friends arrive in your Requests.',
  friends_of_friends: 'Members who share a friend with you. Those who are not your friends arrive in your Requests.',
  friends: `Only your friends. Others are told: “${CONVERSATION_MESSAGES.policyFriends}”`,
  nobody: `No one starts a new conversation with you, friends included. They are told: “${CONVERSATION_MESSAGES.policyNobody}”`,
};

/**
 * Who can message you (the account menu, beside Account privacy): who may start a conversation with the
 * member, saved as it is chosen (PATCH /me { message_policy }). Friends can write unless it is Nobody;
 * conversations already under way go on whatever is chosen later (only a block stops them).
 */
export function MessageSettingsPage() {
  const policy = useMessagePolicy();
  const save = useSetMessagePolicy();
  const legendId = useId();
  // The choice shows within the change event itself: the cache's optimistic write lands a tick later, and a
  // controlled radio would spring back to the old value in between (a click read at once saw it unchecked).
  const [chosen, setChosen] = useState<MessagePolicy | null>(null);
  const shown = chosen ?? policy.data ?? DEFAULT_MESSAGE_POLICY;

  function choose(next: MessagePolicy) {
    setChosen(next);
    save.mutate(next, {
      onSettled: () => setChosen(null),
      onSuccess: (answer) => toast.success(`Who can message you: ${MESSAGE_POLICY_LABELS[answer.message_policy]}.`),
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : 'Your choice could not be saved. Please try again.'),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <header className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <h1 className="font-display text-2xl text-leather-900">Who can message you</h1>
        <p className="mt-1 text-sm text-stone-600">
          Your friends can message you unless you choose Nobody. Conversations you already have go on whatever you
          choose here; to stop one, block the member.
        </p>
      </header>
      <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        {policy.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3" role="status">
            <span className="sr-only">Loading your setting…</span>
            {MESSAGE_POLICIES.map((value) => (
              <div key={value} aria-hidden="true" className="h-12 animate-pulse rounded-xl bg-leather-50" />
            ))}
          </div>
        ) : policy.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-red-800">{policy.error.message || 'Your setting could not be loaded.'}</p>
            <Button variant="secondary" onClick={() => void policy.refetch()}>
              {CONVERSATION_MESSAGES.retry}
            </Button>
          </div>
        ) : (
          <fieldset aria-labelledby={legendId} aria-busy={save.isPending || undefined}>
            <legend id={legendId} className="mb-3 font-semibold text-leather-900">
              Who may start a conversation with you
            </legend>
            <div className="flex flex-col gap-2">
              {MESSAGE_POLICIES.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-leather-100 p-3 has-checked:border-leather-400 has-checked:bg-leather-50 has-focus-visible:outline-2 has-focus-visible:outline-leather-400"
                >
                  <input
                    type="radio"
                    name="message_policy"
                    value={value}
                    checked={shown === value}
                    onChange={() => choose(value)}
                    className="mt-1 size-4 shrink-0 accent-leather-700"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold text-leather-900">{MESSAGE_POLICY_LABELS[value]}</span>
                    <span className="text-sm text-stone-600">{ABOUT[value]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </section>
      <Link to={paths.messages} className="self-start text-sm font-semibold text-leather-700 hover:underline">
        Back to messages
      </Link>
    </div>
  );
}
