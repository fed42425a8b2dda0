import { EVENT_CONFIRMATION_OPTIONS, EVENT_KIND_OPTIONS, type EventDetail } from '@corral/contract';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { downloadEventIcs, useCancelEvent, useEvent, useFollowEvent } from '../api/events-api.ts';
import { type EventTab, EventTabs } from './event-tabs.tsx';
import { eventZoneNote, formatEventInstant, mapLink } from './event-times.ts';

const EditEventModal = lazyDialog(() => import('./edit-event-modal.tsx').then((module) => module.EditEventModal));

const label = (options: ReadonlyArray<{ value: string; label: string }>, value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/**
 * The event detail (spec: Event detail modal), at its own URL: follow, 'System suggested' when opened from
 * suggestions, likes and followers, where (with a map link), when (the viewer's zone, the event's noted),
 * its tags and facts, the performances, Add to calendar; Edit and Cancel event for the owner.
 */
export function EventDetailModal({
  id,
  open,
  onOpenChange,
  suggested = false,
  hauling,
  tab = 'about',
  onTabChange,
}: {
  id: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggested?: boolean;
  /** The Hauling tab's panel, composed in src/app (features do not import each other); no tabs without it. */
  hauling?: ((detail: EventDetail) => ReactNode) | undefined;
  tab?: EventTab;
  onTabChange?: (tab: EventTab) => void;
}) {
  const event = useEvent(id);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={event.data?.title ?? 'Event'}
      description="The event's details."
      className="sm:w-[min(40rem,calc(100vw-2rem))]"
    >
      {event.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {event.isError && (
        <p role="alert" className="py-6 text-center text-stone-600">
          {event.error instanceof ApiError && event.error.status === 404
            ? 'This event is not available.'
            : 'The event could not be loaded.'}
        </p>
      )}
      {event.data &&
        (hauling && onTabChange ? (
          <EventTabs
            tab={tab}
            onTabChange={onTabChange}
            panel={(shown) =>
              shown === 'hauling' && event.data ? (
                hauling(event.data)
              ) : (
                <EventDetailBody detail={event.data} suggested={suggested} />
              )
            }
          />
        ) : (
          <EventDetailBody detail={event.data} suggested={suggested} />
        ))}
    </Modal>
  );
}

function EventDetailBody({ detail, suggested }: { detail: EventDetail; suggested: boolean }) {
  const me = useSession((state) => state.currentUser?.id);
  const isOwner = detail.owner.id === me;
  const follow = useFollowEvent(detail.id);
  const cancel = useCancelEvent(detail.id);
  const [editing, setEditing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The box follows the click at once (the answer then settles it; a refusal puts it back).
  const [wanted, setWanted] = useState<boolean | null>(null);
  const followId = useId();
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const startNote = eventZoneNote(detail.from_date, detail.time_zone, viewerZone);
  const endNote = eventZoneNote(detail.to_date, detail.time_zone, viewerZone);

  async function addToCalendar() {
    setDownloading(true);
    try {
      await downloadEventIcs(detail.id, detail.title);
    } catch {
      toast.error('The calendar file could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">By {`${detail.owner.first_name} ${detail.owner.last_name}`.trim()}</p>
      {(detail.is_cancelled || suggested || detail.is_private) && (
        <div className="flex flex-wrap items-center gap-2">
          {detail.is_cancelled && (
            <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-800">Cancelled</span>
          )}
          {suggested && (
            <span className="rounded-full bg-leather-100 px-3 py-1 text-sm font-semibold text-leather-800">
              System suggested
            </span>
          )}
          {detail.is_private && (
            <span className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700">Private event</span>
          )}
        </div>
      )}
      {detail.image && (
        <img
          src={detail.image.src}
          srcSet={detail.image.srcset || undefined}
          width={detail.image.width}
          height={detail.image.height}
          alt={detail.title}
          className="max-h-72 w-full rounded-xl object-cover"
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {!isOwner && (
          <label htmlFor={followId} className="flex cursor-pointer items-center gap-2 font-medium text-leather-900">
            <input
              id={followId}
              type="checkbox"
              className="size-5 accent-leather-700"
              checked={wanted ?? detail.is_following}
              disabled={follow.isPending || detail.is_cancelled}
              onChange={(change) => {
                setWanted(change.target.checked);
                follow.mutate(change.target.checked, {
                  onSettled: () => setWanted(null),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.message : 'The event could not be followed.'),
                });
              }}
            />
            Follow event
          </label>
        )}
        <p className="text-sm text-stone-600">
          <span data-testid="event-likes">
            {detail.likes_count} {detail.likes_count === 1 ? 'like' : 'likes'}
          </span>
          {' · '}
          <span data-testid="event-followers">
            {detail.followers_count} {detail.followers_count === 1 ? 'follower' : 'followers'}
          </span>
        </p>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm text-stone-800">
        <dt className="text-stone-500">Location</dt>
        <dd>
          <a
            href={mapLink(detail.location, detail.address)}
            target="_blank"
            rel="noreferrer noopener"
            className="font-medium text-leather-700 underline"
          >
            {detail.location}
          </a>
          <span className="block text-stone-600">{detail.address}</span>
        </dd>
        <dt className="text-stone-500">Starts</dt>
        <dd>
          <time dateTime={detail.from_date}>{formatEventInstant(detail.from_date)}</time>
          {startNote && <span className="block text-xs text-stone-500">{startNote}</span>}
        </dd>
        <dt className="text-stone-500">Ends</dt>
        <dd>
          <time dateTime={detail.to_date}>{formatEventInstant(detail.to_date)}</time>
          {endNote && <span className="block text-xs text-stone-500">{endNote}</span>}
        </dd>
        <dt className="text-stone-500">Type</dt>
        <dd>{label(EVENT_KIND_OPTIONS, detail.kind)}</dd>
        <dt className="text-stone-500">Event types</dt>
        <dd>{detail.event_types.map((type) => type.name).join(', ') || '—'}</dd>
        <dt className="text-stone-500">Associations</dt>
        <dd>{detail.association?.name ?? '—'}</dd>
        <dt className="text-stone-500">Circuits</dt>
        <dd>{detail.circuit?.name ?? '—'}</dd>
        {detail.added_money > 0 && (
          <>
            <dt className="text-stone-500">Added money</dt>
            <dd>{formatMoney(detail.added_money)}</dd>
          </>
        )}
        <dt className="text-stone-500">Tour</dt>
        <dd>{detail.tour ? 'Yes' : 'No'}</dd>
        <dt className="text-stone-500">Confirmation status</dt>
        <dd>{label(EVENT_CONFIRMATION_OPTIONS, detail.confirmation)}</dd>
      </dl>

      <details className="rounded-xl border border-leather-100 p-3">
        <summary className="cursor-pointer font-semibold text-leather-900">
          Performances ({detail.performances.length})
        </summary>
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {detail.performances.map((performance) => (
            <li key={performance.id} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{performance.name}</span>
              <time dateTime={performance.starts_at} className="text-stone-600">
                {formatEventInstant(performance.starts_at)}
              </time>
            </li>
          ))}
        </ol>
      </details>

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={addToCalendar} busy={downloading}>
          Add to calendar
        </Button>
        {isOwner && !detail.is_cancelled && (
          <>
            <Button
              variant="secondary"
              onClick={() => setEditing(true)}
              onPointerEnter={EditEventModal.preload}
              onFocus={EditEventModal.preload}
            >
              Edit
            </Button>
            <Button variant="ghost" onClick={() => setConfirmingCancel(true)} className="text-red-700">
              Cancel event
            </Button>
          </>
        )}
      </div>

      {isOwner && <EditEventModal detail={detail} open={editing} onOpenChange={setEditing} />}
      <Modal
        open={confirmingCancel}
        onOpenChange={(next) => !cancel.isPending && setConfirmingCancel(next)}
        title="Cancel event?"
        description="Followers will see that the event is cancelled."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmingCancel(false)} disabled={cancel.isPending}>
              Keep event
            </Button>
            <Button
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    toast.success('The event is cancelled.');
                    setConfirmingCancel(false);
                  },
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.message : 'The event could not be cancelled.'),
                })
              }
            >
              Cancel event
            </Button>
          </>
        }
      >
        <p className="text-stone-700">Followers will see that “{detail.title}” is cancelled. This cannot be undone.</p>
      </Modal>
    </div>
  );
}
