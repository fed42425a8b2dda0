import type { BlockedMember } from '@corral/contract';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { useBlock } from '../../../entities/safety/api/block-member.ts';
import { useMyBlocks } from '../../../entities/safety/api/me-blocks.ts';
import { useMute } from '../../../entities/safety/api/mute-member.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { MemberRow } from '../components/member-row.tsx';

const failed = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : fallback);

/**
 * Blocked and muted (the account menu): whom the member blocked and whom they muted, newest first, each with
 * the button that undoes it. The member leaves the list at once; the toast carries the server's sentence and
 * an Undo that blocks or mutes them again.
 */
export function BlockedMembersPage() {
  const lists = useMyBlocks();
  const block = useBlock();
  const mute = useMute();

  // Promises rather than mutate's callbacks: the toast shows even when the page was left meanwhile.
  function unblock(member: BlockedMember) {
    block.mutateAsync({ userId: member.id, blocked: false }).then((answer) => {
      toast.success(answer.message, {
        action: {
          label: 'Undo',
          onClick: () =>
            void block
              .mutateAsync({ userId: member.id, blocked: true })
              .then((again) => toast.success(again.message), failed('They could not be blocked again.')),
        },
      });
    }, failed('They could not be unblocked.'));
  }

  function unmute(member: BlockedMember) {
    mute.mutateAsync({ userId: member.id, muted: false }).then((answer) => {
      toast.success(answer.message, {
        action: {
          label: 'Undo',
          onClick: () =>
            void mute
              .mutateAsync({ userId: member.id, muted: true })
              .then((again) => toast.success(again.message), failed('They could not be muted again.')),
        },
      });
    }, failed('They could not be unmuted.'));
  }

  return (
    <div className="flex flex-col gap-4">
      <header className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <h1 className="font-display text-2xl text-leather-900">Blocked and muted</h1>
        <p className="mt-1 text-sm text-stone-600">
          Members you blocked or muted are not told. Undo either here at any time.
        </p>
      </header>
      {lists.isPending ? (
        <LoadingLists />
      ) : lists.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <p className="text-red-800">{lists.error.message || 'The lists could not be loaded.'}</p>
          <Button variant="secondary" onClick={() => void lists.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <MemberList
            title="Blocked"
            about="Neither of you sees the other's profile, posts, events, comments or shares, and neither can send the other a friend request."
            empty="You have not blocked anyone."
          >
            {lists.data.blocked.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                note={`Blocked ${formatShortDate(member.since)}`}
                action="Unblock"
                linked={false}
                onAction={() => unblock(member)}
              />
            ))}
          </MemberList>
          <MemberList
            title="Muted"
            about="Their posts, shares and notifications do not show for you. Nothing else changes."
            empty="You have not muted anyone."
          >
            {lists.data.muted.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                note={`Muted ${formatShortDate(member.since)}`}
                action="Unmute"
                linked
                onAction={() => unmute(member)}
              />
            ))}
          </MemberList>
        </>
      )}
    </div>
  );
}

function MemberList({
  title,
  about,
  empty,
  children,
}: {
  title: string;
  about: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 className="font-display text-xl text-leather-900">
        {title} <span className="font-sans text-base text-stone-500">({children.length})</span>
      </h2>
      <p className="mt-1 text-sm text-stone-600">{about}</p>
      {children.length > 0 ? (
        <ul className="mt-2 divide-y divide-leather-100">{children}</ul>
      ) : (
        <p className="mt-4 rounded-xl bg-leather-50 px-4 py-6 text-center text-sm text-stone-600">{empty}</p>
      )}
    </section>
  );
}

function LoadingLists() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading whom you blocked and muted…
      </span>
      {[0, 1].map((list) => (
        <div key={list} aria-hidden="true" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <div className="h-6 w-32 animate-pulse rounded bg-leather-100" />
          {[0, 1].map((row) => (
            <div key={row} className="mt-4 flex items-center gap-3">
              <div className="size-11 animate-pulse rounded-full bg-leather-100" />
              <div className="h-4 flex-1 animate-pulse rounded bg-leather-100" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
