import { isStaffNotice, NOTIFICATION_MESSAGES, type Notification } from '@corral/contract';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTimeAgo, formatTimestamp } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useAcceptNotification, useRemoveNotification } from '../api/notifications-api.ts';
import { notificationTarget } from './notification-target.ts';

export interface NotificationItemProps {
  notification: Notification;
  onNavigate(): void;
  /** The item was removed (it leaves the list). */
  onRemoved(): void;
}

/** Spec: thumbnail, title, info, time, Accept (a request still open) and Remove. */
export function NotificationItem({ notification, onNavigate, onRemoved }: NotificationItemProps) {
  const accept = useAcceptNotification();
  const remove = useRemoveNotification();
  const [error, setError] = useState<string | null>(null);
  const target = notificationTarget(notification);
  const busy = accept.isPending || remove.isPending;

  const failed = (fallback: string) => (failure: Error) =>
    setError(failure instanceof ApiError ? failure.message : fallback);
  const item = useRef<HTMLLIElement>(null);
  // Accept gives way to the message: focus moves on to Remove instead of falling to the page, once Remove
  // is enabled again (it is disabled while the answer is on its way).
  const [focusRemove, setFocusRemove] = useState(false);
  useEffect(() => {
    if (!focusRemove || busy) return;
    item.current?.querySelector<HTMLElement>('[data-remove]')?.focus();
    setFocusRemove(false);
  }, [focusRemove, busy]);
  const onAccept = () => {
    setError(null);
    accept.mutate(notification, {
      onSuccess: () => setFocusRemove(true),
      onError: failed('The invitation could not be accepted.'),
    });
  };
  const onRemove = () => {
    setError(null);
    remove.mutate(notification, { onSuccess: onRemoved, onError: failed('The notification could not be removed.') });
  };

  const fromCorral = isFromCorral(notification);
  const body = (
    <>
      {fromCorral ? (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-leather-100 text-leather-700">
          <Icon name="shield" className="size-5" />
        </span>
      ) : (
        <Avatar src={notification.thumbnail} name="" className="size-9" />
      )}
      <span className="min-w-0 flex-1">
        <span className="line-clamp-3 block text-sm text-leather-900">
          <Title notification={notification} />
        </span>
        {notification.info && (
          <span className="line-clamp-2 block text-xs break-words text-stone-600">{notification.info}</span>
        )}
      </span>
    </>
  );
  const bodyClass = 'flex min-w-0 flex-1 items-start gap-3 rounded-lg p-1';
  const small = 'min-h-8! px-3! py-1! text-xs!';

  return (
    <li
      ref={item}
      data-notification={notification.id}
      className={clsx('rounded-xl p-1.5', notification.isRead ? 'bg-white' : 'bg-leather-50')}
    >
      <div className="flex items-start gap-2">
        {target ? (
          <Link to={target} onClick={onNavigate} className={clsx(bodyClass, 'hover:bg-leather-100')}>
            {body}
          </Link>
        ) : (
          <div className={bodyClass}>{body}</div>
        )}
        {!notification.isRead && (
          <span className="mt-2 size-2.5 shrink-0 rounded-full bg-red-700">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </div>
      {notification.accepted && (
        <p role="status" className="pl-13 text-xs font-medium text-leather-800">
          {NOTIFICATION_MESSAGES.accepted}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 pl-13">
        <time
          dateTime={notification.time}
          title={formatTimestamp(notification.time)}
          className="mr-auto text-xs text-stone-500"
        >
          {formatTimeAgo(notification.time)}
        </time>
        {notification.kind === 'moderation' && notification.action_id !== null && (
          <Link
            to={`${paths.accountStanding}?appeal=${notification.action_id}`}
            onClick={onNavigate}
            aria-label={`Appeal: ${notification.title}`}
            className="inline-flex min-h-8 items-center rounded-lg border border-leather-300 px-3 py-1 text-xs font-semibold text-leather-800 hover:bg-leather-50"
          >
            Appeal
          </Link>
        )}
        {notification.can_accept && !notification.accepted && (
          <Button className={small} busy={accept.isPending} disabled={busy} onClick={onAccept}>
            Accept
          </Button>
        )}
        <Button
          variant="secondary"
          className={small}
          busy={remove.isPending}
          disabled={busy}
          aria-label={`Remove: ${notification.title}`}
          data-remove
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 pl-13 text-xs text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * What Corral itself tells the member: a moderator's decision, a report acted on, an appeal decided. No member is behind them (the
 * actor is the member themselves, by design: never the moderator nor the reported member), so they show a
 * neutral mark instead of a photo and no name.
 */
const isFromCorral = (notification: Notification) => isStaffNotice(notification.kind);

/** The title with the member's name in bold when it starts with it ('Ty Murray liked your post.'). */
function Title({ notification }: { notification: Notification }) {
  const { title, actor } = notification;
  if (isFromCorral(notification) || !actor.name || !title.startsWith(actor.name)) return title;
  return (
    <>
      <strong className="font-semibold">{actor.name}</strong>
      {title.slice(actor.name.length)}
    </>
  );
}
