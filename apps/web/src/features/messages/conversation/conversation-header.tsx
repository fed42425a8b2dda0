import { CONVERSATION_MESSAGES } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Icon } from '../../../ui/icons.tsx';
import type { OtherMember } from './message-row.tsx';

/**
 * The conversation's header: back to the list (phones, where the list is not beside it), the other member's
 * avatar and name (to their profile; 'Deleted member' once their account is gone), and a request's state.
 */
export function ConversationHeader({
  name,
  other,
  request,
  onBack,
}: {
  name: string;
  other: OtherMember | null;
  /** A request waiting: sent by the viewer, or received. */
  request: 'sent' | 'received' | null;
  onBack: () => void;
}) {
  const shownName = name || '…';
  return (
    <header className="flex min-h-14 items-center gap-2 border-b border-leather-100 px-2 py-2">
      <button
        type="button"
        onClick={onBack}
        aria-label="Back to messages"
        className="grid size-10 shrink-0 place-items-center rounded-full text-leather-800 hover:bg-leather-50 md:hidden"
      >
        <Icon name="chevronLeft" />
      </button>
      {other ? (
        <Link
          to={paths.userProfile(other.id)}
          className="flex min-w-0 items-center gap-2 rounded-lg p-1 hover:bg-leather-50"
        >
          <Avatar src={other.avatar} name="" className="size-9" />
          <HeaderText name={shownName} request={request} />
        </Link>
      ) : (
        <div className="flex min-w-0 items-center gap-2 p-1">
          <Avatar src={null} name="" className="size-9" />
          <HeaderText name={name ? shownName : CONVERSATION_MESSAGES.deletedMemberName} request={request} />
        </div>
      )}
    </header>
  );
}

function HeaderText({ name, request }: { name: string; request: 'sent' | 'received' | null }) {
  return (
    <span className="flex min-w-0 flex-col">
      <h2 className="truncate font-semibold text-leather-900">{name}</h2>
      {request && (
        <span className="truncate text-xs text-stone-500">
          {request === 'sent' ? CONVERSATION_MESSAGES.requestWaiting : 'Message request'}
        </span>
      )}
    </span>
  );
}
