import { CONVERSATION_MESSAGES, type ConversationBox } from '@corral/contract';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BoxTabs } from '../components/box-tabs.tsx';
import { Notice } from '../components/notice.tsx';
import { ConversationView } from '../conversation/conversation-view.tsx';
import { NewConversation } from './new-conversation.tsx';

/** A conversation id from the address: a positive whole number, else null (not found). */
export function parseConversationId(id: string | undefined): number | null {
  if (id === undefined || !/^[1-9]\d{0,15}$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The messages page: /social_home/messages (the boxes), /messages/:id (a conversation) and
 * /messages/new/:userId (writing to a member). From 768 px the boxes and the conversation sit side by side;
 * on phones one at a time, the conversation with its way back to the list. The tab is in the address
 * (`?box=requests`), so a conversation opened from Requests keeps Requests beside it.
 */
export function MessagesPage() {
  const { id, userId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const headingId = useId();
  const box: ConversationBox = params.get('box') === 'requests' ? 'requests' : 'inbox';
  const conversationId = parseConversationId(id);
  const showing = id !== undefined || userId !== undefined;
  const back = () => navigate(box === 'requests' ? paths.messageRequests : paths.messages);

  return (
    <div
      data-testid="messages-page"
      className="flex h-[calc(100dvh-7rem)] min-h-[26rem] overflow-hidden rounded-2xl bg-white shadow-sm"
    >
      <section
        aria-labelledby={headingId}
        className={clsx(
          'flex min-w-0 flex-1 flex-col p-3 md:w-72 md:flex-none md:border-r md:border-leather-100 lg:w-80 xl:w-96',
          // A phone shows the conversation alone; the page's heading stays for screen readers.
          showing && 'max-md:sr-only',
        )}
      >
        <h1 id={headingId} className="px-1 pb-2 font-display text-2xl text-leather-900">
          Messages
        </h1>
        <div className={clsx('flex min-h-0 flex-1 flex-col', showing && 'max-md:hidden')}>
          <BoxTabs
            box={box}
            onBoxChange={(next) => setParams(next === 'requests' ? { box: 'requests' } : {}, { replace: true })}
            selectedId={conversationId}
          />
          <Link
            to={paths.messageSettings}
            className="mt-2 shrink-0 self-start rounded-full px-2 py-1 text-sm font-semibold text-leather-700 hover:bg-leather-50"
          >
            Who can message you
          </Link>
        </div>
      </section>
      <section aria-label="Conversation" className={clsx('flex min-w-0 flex-1 flex-col', !showing && 'max-md:hidden')}>
        {id !== undefined ? (
          conversationId === null ? (
            <Notice text={CONVERSATION_MESSAGES.notFound} onBack={back} />
          ) : (
            <ConversationView key={conversationId} conversationId={conversationId} recipientId={null} onBack={back} />
          )
        ) : userId !== undefined ? (
          <NewConversation key={userId} userId={userId} onBack={back} />
        ) : (
          <p className="m-auto max-w-xs px-6 text-center text-sm text-stone-500">
            Choose a conversation, or write to a member from their profile.
          </p>
        )}
      </section>
    </div>
  );
}
