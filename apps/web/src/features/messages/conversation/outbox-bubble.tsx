import { CONVERSATION_MESSAGES } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { useMemberId } from '../../../lib/use-draft.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { useFocusComposer } from './composer-focus.ts';
import { MessageText } from './message-text.tsx';
import { forget, type OutboxEntry, outboxKey, retry } from './outbox.ts';

/**
 * A message of the viewer's not on the server yet: sending (with its photos' upload progress), or failed with
 * the reason, Retry (the same client id: a message the server did get is not sent twice) when sending it again
 * may pass, and Discard.
 */
export function OutboxBubble({ entry }: { entry: OutboxEntry }) {
  const queryClient = useQueryClient();
  const conversationKey = outboxKey(useMemberId(), entry.target);
  const focusComposer = useFocusComposer();
  const failed = entry.status === 'failed';
  const controls = useRef<HTMLDivElement>(null);
  // The reason and the buttons come under a bubble already shown: brought into view, not left below the fold.
  useEffect(() => {
    if (failed) controls.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failed]);
  return (
    <div className={clsx('flex max-w-full flex-col items-end gap-1', !failed && 'opacity-75')}>
      <span className="sr-only">You:</span>
      {entry.photos.length > 0 && (
        <ul
          className={clsx(
            'grid w-60 max-w-full gap-0.5 overflow-hidden rounded-2xl',
            entry.photos.length > 1 && 'grid-cols-2',
          )}
        >
          {entry.photos.map((photo, index) => (
            <li key={photo.id} className="aspect-square bg-leather-100">
              <img
                src={photo.url}
                alt={`From you (${index + 1} of ${entry.photos.length})`}
                className="size-full object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {entry.body && <MessageText mine>{entry.body}</MessageText>}
      {failed ? (
        <div ref={controls} className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 px-1 text-xs">
          <span className="text-right font-semibold text-red-700">
            {CONVERSATION_MESSAGES.sendFailed} {entry.error}
          </span>
          {entry.retryable && (
            <button
              type="button"
              onClick={() => {
                focusComposer();
                void retry(queryClient, conversationKey, entry.client_id);
              }}
              className="min-h-8 rounded-md px-2 text-sm font-semibold text-leather-800 underline hover:bg-leather-100"
            >
              {CONVERSATION_MESSAGES.retry}
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              focusComposer();
              forget(conversationKey, entry.client_id);
            }}
            className="min-h-8 rounded-md px-2 text-sm font-semibold text-stone-600 underline hover:bg-leather-100"
          >
            Discard
          </button>
        </div>
      ) : entry.photos.length > 0 ? (
        <div className="w-48 max-w-full px-1 text-xs">
          <ProgressBar value={Math.round(entry.progress * 100)} max={100} label="Sending photos" />
        </div>
      ) : (
        <span className="px-1 text-xs text-stone-500">Sending…</span>
      )}
    </div>
  );
}
