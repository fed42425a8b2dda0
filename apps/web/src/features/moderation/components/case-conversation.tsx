import { type CaseConversation, type CaseItem, type CaseMessage, CONVERSATION_MESSAGES } from '@corral/contract';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { fullName } from './action-words.ts';
import { Badge } from './badge.tsx';

/**
 * A reported direct message among the messages around it, as the reporter saw them when they reported
 * (ADR 029): the moderator judges it in context. The reported one is highlighted and labelled; a deleted or
 * removed message keeps its place with the words members see; the reported member's messages sit on the left,
 * the other member's on the right, as in a conversation.
 */
export function CaseConversationView({ item, conversation }: { item: CaseItem; conversation: CaseConversation }) {
  const reportedId = Number(item.target_id);
  return (
    <figure className="min-w-0 rounded-xl border border-leather-100 bg-leather-50/60 p-3">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
        The conversation as the reporter saw it
      </figcaption>
      <ol aria-label="Conversation" className="flex flex-col gap-2">
        {conversation.messages.map((message) => (
          <ExcerptMessage
            key={message.id}
            message={message}
            reported={message.id === reportedId}
            fromSubject={message.sender?.id === item.author.id}
          />
        ))}
      </ol>
    </figure>
  );
}

function ExcerptMessage({
  message,
  reported,
  fromSubject,
}: {
  message: CaseMessage;
  reported: boolean;
  fromSubject: boolean;
}) {
  const name = message.sender ? fullName(message.sender) || 'A member' : CONVERSATION_MESSAGES.deletedMemberName;
  const gone =
    message.state === 'removed'
      ? CONVERSATION_MESSAGES.removedMessage
      : message.state === 'deleted'
        ? CONVERSATION_MESSAGES.deletedMessage
        : null;
  return (
    <li
      aria-current={reported ? 'true' : undefined}
      className={clsx(
        'flex max-w-[92%] min-w-0 gap-2 sm:max-w-[80%]',
        fromSubject ? 'self-start' : 'flex-row-reverse self-end',
      )}
    >
      <Avatar src={message.sender?.avatar ?? null} name="" className="size-7 shrink-0" />
      <div
        className={clsx(
          'min-w-0 rounded-2xl px-3 py-2',
          reported ? 'bg-amber-50 ring-2 ring-amber-500' : fromSubject ? 'bg-white' : 'bg-leather-100',
        )}
      >
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-600">
          {message.sender ? (
            <Link
              to={paths.userProfile(message.sender.id)}
              className="font-semibold text-leather-900 [overflow-wrap:anywhere] hover:underline"
            >
              {name}
            </Link>
          ) : (
            <span className="font-semibold">{name}</span>
          )}
          <time dateTime={message.created_at}>{formatTimestamp(message.created_at)}</time>
          {reported && <Badge tone="warning">Reported</Badge>}
        </p>
        {gone ? (
          <p className="mt-1 text-sm text-stone-500 italic">{gone}</p>
        ) : (
          message.body && (
            <p className="mt-1 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{message.body}</p>
          )
        )}
        {message.images.length > 0 && (
          <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
            {message.images.map((src, index) => (
              <li key={src}>
                <a href={src} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg">
                  <img
                    src={src}
                    alt={`${index + 1} of ${message.images.length} in a message by ${name}`}
                    loading="lazy"
                    className="aspect-square w-full min-w-16 bg-leather-100 object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
