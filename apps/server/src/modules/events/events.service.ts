import { randomBytes } from 'node:crypto';
import {
  API_PATHS,
  API_PREFIX,
  type CursorQuery,
  type EventDetail,
  type EventDraft,
  type EventUpdate,
  eventInstants,
  type FeedItem,
  type FollowEventResponse,
  formatInstantWithZone,
  HAUL_MESSAGES,
  MESSAGES,
  type PagedFeed,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/hashed-key.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { getItem, itemPage } from '../items/items.service.ts';
import { deleteStoredImage, type StoredImage, storeImage, toImageMedia } from '../media/media.service.ts';
import { EVENT_CANCELLED_INFO, News, recordEventUpdate } from '../notifications/notifications.service.ts';
import { placeById, resolvePlace, toPlace } from '../places/places.service.ts';
import { toIcs } from './events.ics.ts';
import * as q from './events.queries.ts';

const M = MESSAGES.createEvent;
const notFound = () => new AppError(404, MESSAGES.http.notFound);
const now = (ctx: AppContext) => new Date(ctx.clock.now());

export const EVENT_MESSAGES = {
  followOwn: 'You cannot follow your own event.',
  oneImage: 'An event can have one image.',
  cancelled: EVENT_CANCELLED_INFO,
  updated: 'The event details were updated.',
  /** A cancelled event stays as it was: its followers' last word on it is the cancellation. */
  cancelledFrozen: 'This event was cancelled and can no longer be changed or followed.',
} as const;

export const EVENTS_PAGE_SIZE = 10;

/**
 * The event's place (docs/decisions/030-hauling-board.md): the one the organiser picked (400 if it does not
 * exist), or else, on creation or when the location changed (`previousLocation` differs), the one the location
 * names (none found clears it); otherwise what is stored stays (undefined).
 */
async function placeOf(
  ctx: AppContext,
  draft: EventDraft,
  previousLocation: string | null,
): Promise<number | null | undefined> {
  if (draft.place_id !== undefined) {
    const place = await placeById(ctx.db, draft.place_id);
    if (!place) throw new AppError(400, HAUL_MESSAGES.placeNotFound, { place_id: [HAUL_MESSAGES.placeNotFound] });
    return place.id;
  }
  if (previousLocation === draft.eventLocation) return undefined;
  const resolved = await resolvePlace(ctx.db, draft.eventLocation);
  return resolved ? resolved.id : previousLocation === null ? undefined : null;
}

/** The draft as rows; unknown association, circuit or event type ids are refused together (422). */
async function toRecord(ctx: AppContext, draft: EventDraft, previousLocation: string | null): Promise<q.EventRecord> {
  const missing = await q.selectMissingReferences(ctx.db, {
    associationId: draft.associationType,
    circuitId: draft.circuits,
    eventTypeIds: draft.eventTypeIds,
  });
  const errors: Record<string, string[]> = {};
  if (missing.association) errors.associationType = [M.associationRequired];
  if (missing.circuit) errors.circuits = [M.circuitsRequired];
  if (missing.eventTypes) errors.eventTypeIds = [M.eventTypesInvalid];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError(422, first, errors);
  const placeId = await placeOf(ctx, draft, previousLocation);
  const instants = eventInstants(draft);
  return {
    placeId,
    title: draft.eventTitle,
    kind: draft.eventType,
    fromDate: new Date(instants.from_date),
    toDate: new Date(instants.to_date),
    timeZone: draft.timeZone,
    location: draft.eventLocation,
    address: draft.eventAddress,
    addedMoney: draft.addedMoney,
    isPrivate: draft.privateEvent,
    circuitId: draft.circuits,
    associationId: draft.associationType,
    tour: draft.tour === 'yes',
    sync: draft.syncEvent,
    confirmation: draft.eventConfirmation,
    eventTypeIds: draft.eventTypeIds,
    performances: instants.performances.map((performance) => ({
      position: performance.position,
      name: performance.name,
      startsAt: new Date(performance.starts_at),
    })),
  };
}

function oneImage(files: Buffer[]): Buffer | null {
  if (files.length > 1) throw new AppError(422, EVENT_MESSAGES.oneImage, { eventImage: [EVENT_MESSAGES.oneImage] });
  return files[0] ?? null;
}

/** POST /events: the image is processed first, then every row is written in one transaction. */
export async function createEvent(
  ctx: AppContext,
  viewer: Viewer,
  input: { draft: EventDraft; files: Buffer[] },
): Promise<FeedItem> {
  const file = oneImage(input.files);
  const record = await toRecord(ctx, input.draft, null);
  await ctx.limiter.consume(
    ['contentPerMember', viewer.user.id],
    ...(file ? [['mediaUploadsPerMember', viewer.user.id] as const] : []),
  );
  let stored: StoredImage | null = null;
  try {
    if (file) stored = await storeImage(ctx, file);
    const image = stored;
    const id = await ctx.db.transaction((tx) => q.insertEvent(tx, viewer.user.id, record, image, now(ctx)));
    return await getItem(ctx, viewer, id);
  } catch (error) {
    if (stored) await deleteStoredImage(ctx, stored.storageKey);
    throw error;
  }
}

function toDetail(ctx: AppContext, viewer: Viewer, row: q.EventDetailRow): EventDetail {
  const isOwner = row.user_id === viewer.user.id;
  return {
    id: Number(row.id),
    title: row.title ?? '',
    kind: row.kind,
    from_date: row.from_date,
    to_date: row.to_date,
    time_zone: row.time_zone,
    location: row.location,
    address: row.address,
    place: row.place ? toPlace(row.place) : null,
    added_money: row.added_money,
    is_private: row.is_private,
    tour: row.tour,
    sync: isOwner ? row.sync : null,
    confirmation: row.confirmation,
    circuit: row.circuit,
    association: row.association,
    event_types: row.event_types,
    performances: row.performances.map((performance) => ({ ...performance, id: Number(performance.id) })),
    followers_count: row.followers_count,
    is_following: row.is_following,
    is_cancelled: row.is_cancelled,
    likes_count: row.likes_count,
    is_liked: row.is_liked,
    image: row.image ? toImageMedia(ctx.storage, row.image) : null,
    owner: {
      id: row.user_id,
      first_name: row.first_name,
      last_name: row.last_name,
      avatar: row.avatar,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getEvent(ctx: AppContext, viewer: Viewer, id: number): Promise<EventDetail> {
  const row = await q.selectEventDetail(ctx.db, viewer.user.id, id);
  if (!row) throw notFound();
  return toDetail(ctx, viewer, row);
}

/** What an edit changed, for the followers' notification. */
function describeChange(
  before: { title: string | null; from_date: string; to_date: string; location: string; address: string },
  after: q.EventRecord,
): string {
  const changes: string[] = [];
  const start = after.fromDate.toISOString().slice(0, 19);
  const end = after.toDate.toISOString().slice(0, 19);
  if (before.from_date.slice(0, 19) !== start)
    changes.push(`New start: ${formatInstantWithZone(after.fromDate.toISOString(), after.timeZone)}`);
  if (before.to_date.slice(0, 19) !== end)
    changes.push(`New end: ${formatInstantWithZone(after.toDate.toISOString(), after.timeZone)}`);
  if (before.location !== after.location || before.address !== after.address)
    changes.push(`New location: ${after.location}`);
  if (before.title !== after.title) changes.push(`New title: ${after.title}`);
  return changes.length > 0 ? changes.join('. ') : EVENT_MESSAGES.updated;
}

/**
 * PATCH /events/:id: the owner's whole draft again; each follower who may still see it hears of it once.
 * Follows the event no longer shows to (made private) are dropped in the same transaction, before the
 * followers are told (see `dropFollowsNoLongerSeen`).
 */
export async function updateEvent(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  input: { draft: EventUpdate; files: Buffer[] },
): Promise<EventDetail> {
  const file = oneImage(input.files);
  const current = await q.selectEventDetail(ctx.db, viewer.user.id, id);
  if (current?.user_id !== viewer.user.id) throw notFound();
  const record = await toRecord(ctx, input.draft, current.location);
  await ctx.limiter.consume(
    ['contentPerMember', viewer.user.id],
    ...(file ? [['mediaUploadsPerMember', viewer.user.id] as const] : []),
  );
  let stored: StoredImage | null = null;
  const news = new News();
  let oldKeys: string[] = [];
  try {
    if (file) stored = await storeImage(ctx, file);
    const image = file ? stored : input.draft.removeImage ? null : undefined;
    await ctx.db.transaction(async (tx) => {
      const before = await q.selectOwnEventForUpdate(tx, viewer.user.id, id);
      if (!before) throw notFound();
      if (before.cancelled) throw new AppError(409, EVENT_MESSAGES.cancelledFrozen);
      if (image !== undefined) oldKeys = await q.imageKeysOf(tx, id);
      await q.updateEvent(tx, id, record, image, now(ctx));
      await dropFollowsNoLongerSeen(tx, { eventId: id });
      await recordEventUpdate(tx, news, {
        eventId: id,
        ownerId: viewer.user.id,
        info: describeChange(before, record),
        at: now(ctx),
      });
    });
  } catch (error) {
    if (stored) await deleteStoredImage(ctx, stored.storageKey);
    throw error;
  }
  await Promise.all(oldKeys.map((key) => deleteStoredImage(ctx, key)));
  await news.send(ctx);
  return getEvent(ctx, viewer, id);
}

/**
 * POST /events/:id/cancel: stays visible, marked cancelled; followers who may still see it hear of it once,
 * and follows it no longer shows to are dropped first. Idempotent.
 */
export async function cancelEvent(ctx: AppContext, viewer: Viewer, id: number): Promise<EventDetail> {
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    const before = await q.selectOwnEventForUpdate(tx, viewer.user.id, id);
    if (!before) throw notFound();
    if (!(await q.cancelEvent(tx, id, now(ctx)))) return;
    await dropFollowsNoLongerSeen(tx, { eventId: id });
    await recordEventUpdate(tx, news, {
      eventId: id,
      ownerId: viewer.user.id,
      info: EVENT_MESSAGES.cancelled,
      at: now(ctx),
    });
  });
  await news.send(ctx);
  return getEvent(ctx, viewer, id);
}

/**
 * A follow lasts only while its follower may see the event (ADR 025). Follows are dropped both when the
 * visibility changes and when the followers are told:
 * - at the change, for the changes this module, the friends and the profiles modules make (an event made
 *   private, a friendship ended, a profile made private), so that follower counts, Upcoming Events and calendar feeds are right at once and a
 *   follow does not come back to life when the event shows again;
 * - at each notifying (an edit, a cancellation), for changes made elsewhere that do not drop follows
 *   themselves (blocks when they land), in the same transaction as the
 *   notifications, whose statement checks visibility itself and does not rely on it.
 */
export function dropFollowsNoLongerSeen(tx: Tx, scope: q.FollowScope): Promise<void> {
  return q.deleteUnseenFollows(tx, scope);
}

/** Follow (or unfollow) an event the viewer may see; both idempotent. One cannot follow one's own event. */
export async function setFollowing(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  following: boolean,
): Promise<FollowEventResponse> {
  const event = await q.selectVisibleEventOwner(ctx.db, viewer.user.id, id);
  if (!event) throw notFound();
  if (following && event.ownerId === viewer.user.id) throw new AppError(422, EVENT_MESSAGES.followOwn);
  if (following && event.cancelled) throw new AppError(409, EVENT_MESSAGES.cancelledFrozen);
  return ctx.db.transaction(async (tx) => {
    if (following) await q.follow(tx, id, viewer.user.id, now(ctx));
    else await q.unfollow(tx, id, viewer.user.id);
    return { is_following: following, followers_count: await q.followersCount(tx, id) };
  });
}

/** GET /events: one hydrated statement (plus the session lookup). */
export function listEvents(
  ctx: AppContext,
  viewer: Viewer,
  query: CursorQuery & { scope: q.EventScope; event_type?: number | undefined; association?: number | undefined },
): Promise<PagedFeed> {
  const size = EVENTS_PAGE_SIZE;
  const filters = { scope: query.scope, eventType: query.event_type, association: query.association };
  return itemPage(ctx, { cursor: query.cursor }, size, ({ after }) =>
    q.selectEventPage(ctx.db, viewer.user.id, filters, after, now(ctx), size),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Calendars

/** GET /events/:id/calendar.ics: one event the viewer may see. */
export async function eventIcs(ctx: AppContext, viewer: Viewer, id: number): Promise<string> {
  const event = await q.selectCalendarEvent(ctx.db, viewer.user.id, id);
  if (!event) throw notFound();
  return toIcs([event], {
    publicUrl: ctx.config.publicUrl,
    now: now(ctx),
    name: event.title ?? 'Corral event',
    timeZone: event.time_zone,
  });
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /me/calendar-feed: a new private URL (the old one, if any, stops working). Only the hash is kept. */
export async function makeCalendarFeed(ctx: AppContext, viewer: Viewer): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  await q.upsertCalendarFeed(ctx.db, viewer.user.id, hashToken(token), now(ctx));
  return { url: `${ctx.config.publicUrl}${API_PREFIX}${API_PATHS.calendarFeedIcs(token)}` };
}

export async function revokeCalendarFeed(ctx: AppContext, viewer: Viewer): Promise<void> {
  await q.deleteCalendarFeed(ctx.db, viewer.user.id);
}

/** GET /calendar/:token.ics: the member's own synced events and followed ones; 404 for an unknown token. */
export async function calendarFeedIcs(ctx: AppContext, token: string): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const feed = await q.selectFeedEvents(ctx.db, hashToken(token));
  if (!feed.owner) throw notFound();
  return toIcs(feed.events, { publicUrl: ctx.config.publicUrl, now: now(ctx), name: 'Corral events' });
}
