import type { AccountSession } from '@corral/contract';
import { useRef } from 'react';
import { toast } from 'sonner';
import { formatShortDate, formatTimeAgo } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { useSessions, useSignOutOthers, useSignOutSession } from '../api/account-api.ts';
import { AccountSection, SectionError, SectionLoading } from './account-section.tsx';

const DAY = 24 * 60 * 60 * 1000;

/**
 * When a device was last used, as precisely as the server knows: a session's "last used" moves at most once a
 * day (ADR 008), so the last day is one answer.
 */
export function lastUsedText(session: AccountSession, now = Date.now()): string {
  if (session.current) return 'Active now';
  if (now - Date.parse(session.last_used_at) < DAY) return 'Active in the last day';
  return `Last active ${formatTimeAgo(session.last_used_at, 'long', now).toLowerCase()}`;
}

/** Sessions: the signed-in devices, with "Sign out" for each other one and for all others at once. */
export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const listRef = useRef<HTMLUListElement>(null);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;

  function signOutOne(session: AccountSession) {
    signOut.mutate(session.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? 'That device has been signed out.');
        // The button pressed is gone with its row: focus goes back to the list.
        requestAnimationFrame(() => listRef.current?.focus());
      },
      onError: (error) => toast.error(error.message || 'That device could not be signed out. Please try again.'),
    });
  }

  function signOutAllOthers() {
    signOutOthers.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        requestAnimationFrame(() => listRef.current?.focus());
      },
      onError: (error) => toast.error(error.message || 'Your other devices could not be signed out.'),
    });
  }

  return (
    <AccountSection
      id="sessions"
      title="Sessions"
      description="The devices signed in to your account. Sign out any you do not recognise, then change your password."
    >
      {sessions.isPending ? (
        <SectionLoading label="Loading your devices…" />
      ) : sessions.isError ? (
        <SectionError message={sessions.error.message} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label="Signed-in devices"
            className="flex flex-col gap-2 focus:outline-none"
          >
            {sessions.data.sessions.map((session) => (
              <li
                key={session.id}
                className="flex flex-col gap-2 rounded-xl border border-leather-100 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-leather-900">
                    {session.browser} on {session.os}
                    {session.current && (
                      <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-sage-500/15 px-2 py-0.5 text-xs font-semibold text-sage-700">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-stone-600">
                    {session.place} · Signed in {formatShortDate(session.created_at)}
                  </p>
                  <p className="text-sm text-stone-600">{lastUsedText(session)}</p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    className="self-start sm:self-center"
                    busy={signOut.isPending && signOut.variables === session.id}
                    aria-label={`Sign out ${session.browser} on ${session.os}`}
                    onClick={() => signOutOne(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            className="mt-4"
            disabled={others === 0}
            busy={signOutOthers.isPending}
            onClick={signOutAllOthers}
          >
            Sign out all other devices
          </Button>
        </>
      )}
    </AccountSection>
  );
}
