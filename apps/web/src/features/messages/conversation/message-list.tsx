import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../ui/spinner.tsx';
import { MessageDeletion } from './message-deletion.tsx';
import { MessageRow, type OtherMember } from './message-row.tsx';
import type { TimelineRow } from './message-timeline.ts';

/** How close to an edge counts as there (px): at the top older messages load, at the bottom new ones follow. */
const EDGE = 120;
const BOTTOM = 32;

export interface MessageListProps {
  rows: TimelineRow[];
  other: OtherMember | null;
  /** The viewer's message under which "Seen" shows. */
  seenId: number | null;
  /** The label of the log ("Messages with …"). */
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The newest message from the other member: once it is on screen (and the page visible), `onSeen` runs. */
  newestOtherId: number | null;
  onSeen: (messageId: number) => void;
  /** Said in the list when there is no message yet. */
  empty?: string;
}

/**
 * The conversation, oldest at the top, as a log (new messages are announced). It opens at the bottom and
 * stays there as messages come while the member is there (or when they send); scrolled up, it stays put.
 * Near the top, or with "Earlier messages", older pages load above without moving what is on screen.
 */
export function MessageList({
  rows,
  other,
  seenId,
  label,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  newestOtherId,
  onSeen,
  empty,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The distance from the bottom before an older page was asked for, to keep what is on screen in place. */
  const anchor = useRef<number | null>(null);
  const messages = rows.filter((row) => row.kind !== 'day');
  const firstKey = messages[0]?.key ?? '';
  const last = messages.at(-1);
  const lastKey = last?.key ?? '';
  const shown = useRef({ firstKey, lastKey });

  function loadOlder() {
    const element = scroller.current;
    if (!hasOlder || loadingOlder || !element) return;
    anchor.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  }

  // Opens at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    const before = shown.current;
    shown.current = { firstKey, lastKey };
    if (!element) return;
    if (before.firstKey !== firstKey && anchor.current !== null) {
      element.scrollTop = element.scrollHeight - anchor.current;
      anchor.current = null;
    }
    if (before.lastKey !== lastKey && (atBottom.current || last?.mine)) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
  }, [firstKey, lastKey, last?.mine]);

  useEffect(() => {
    if (!loadingOlder) anchor.current = null;
  }, [loadingOlder]);

  // A first page shorter than the screen cannot be scrolled to its top: the next one comes at once.
  useEffect(() => {
    const element = scroller.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight) loadOlder();
  });

  // The screen's keyboard opening (or the window resized) keeps the newest message in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useSeen(scroller, newestOtherId, onSeen);

  return (
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={label}
      aria-busy={loadingOlder || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard, to scroll it.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM;
        if (element.scrollTop < EDGE) loadOlder();
      }}
      className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain px-3 py-3 outline-none focus-visible:ring-2 focus-visible:ring-leather-500 focus-visible:ring-inset"
    >
      {hasOlder && (
        <div className="flex justify-center pb-2">
          {loadingOlder ? (
            <Spinner label="Loading earlier messages" />
          ) : (
            <button
              type="button"
              onClick={loadOlder}
              className="rounded-full px-3 py-1 text-sm font-semibold text-leather-800 hover:bg-leather-100"
            >
              Earlier messages
            </button>
          )}
        </div>
      )}
      {messages.length === 0 && empty && <p className="py-8 text-center text-sm text-stone-500">{empty}</p>}
      <MessageDeletion>
        <ol className="flex flex-col">
          {rows.map((row) =>
            row.kind === 'day' ? (
              <li key={row.key} className="mt-4 mb-1 flex justify-center first:mt-0">
                <time
                  dateTime={row.date}
                  className="rounded-full bg-leather-100 px-3 py-0.5 text-xs font-semibold text-leather-800"
                >
                  {row.label}
                </time>
              </li>
            ) : (
              <MessageRow
                key={row.key}
                row={row}
                other={other}
                seen={row.kind === 'sent' && row.message.id === seenId}
              />
            ),
          )}
        </ol>
      </MessageDeletion>
    </div>
  );
}

/**
 * Runs `onSeen` once the other member's newest message is on screen while the page is visible (at once where
 * the browser cannot tell what is on screen).
 */
function useSeen(
  scroller: RefObject<HTMLDivElement | null>,
  messageId: number | null,
  onSeen: (messageId: number) => void,
) {
  const latest = useRef(onSeen);
  useEffect(() => {
    latest.current = onSeen;
  });
  useEffect(() => {
    const root = scroller.current;
    const target = messageId === null ? null : root?.querySelector(`[data-message-id="${messageId}"]`);
    if (messageId === null || !root || !target) return;
    let onScreen = typeof IntersectionObserver === 'undefined';
    const check = () => {
      if (onScreen && document.visibilityState === 'visible') latest.current(messageId);
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              onScreen = entries.some((entry) => entry.isIntersecting);
              check();
            },
            { root, threshold: 0.1 },
          );
    observer?.observe(target);
    document.addEventListener('visibilitychange', check);
    check();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', check);
    };
  }, [scroller, messageId]);
}
