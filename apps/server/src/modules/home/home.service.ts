import type { SuggestionsResponse, UpcomingEventsResponse } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toFeedItems } from '../items/items.service.ts';
import { selectSuggestedEvents, selectSuggestedFriends, selectUpcomingEvents } from './home.queries.ts';

const UPCOMING = 10;
const SUGGESTED_FRIENDS = 12;
const SUGGESTED_EVENTS = 6;

/** GET /home/upcoming-events: the viewer's own and followed events from now on, soonest first. */
export async function upcomingEvents(ctx: AppContext, viewer: Viewer): Promise<UpcomingEventsResponse> {
  const now = new Date(ctx.clock.now());
  return { upcoming_events: await selectUpcomingEvents(ctx.db, viewer.user.id, now, UPCOMING) };
}

/** GET /home/upcoming-events-home: people the viewer may know and events for them, side by side. */
export async function suggestions(ctx: AppContext, viewer: Viewer): Promise<SuggestionsResponse> {
  const now = new Date(ctx.clock.now());
  const [friends, events] = await Promise.all([
    selectSuggestedFriends(ctx.db, viewer.user.id, SUGGESTED_FRIENDS),
    selectSuggestedEvents(ctx.db, viewer.user.id, now, SUGGESTED_EVENTS),
  ]);
  return { suggestions: { friends }, suggested_events: toFeedItems(ctx.storage, events) };
}
