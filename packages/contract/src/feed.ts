import { z } from 'zod';
import { pagedSchema } from './common.ts';
import { FEED_MESSAGES, FEED_TYPES, REPORT_REASONS } from './feed.constants.ts';
import { LIMITS } from './limits.ts';

export const feedTypeSchema = z.enum(FEED_TYPES);
export type FeedType = z.infer<typeof feedTypeSchema>;

/** One stored image: the URL of its largest variant, a srcset of every variant, its size and a placeholder. */
export const imageMediaSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});
export type ImageMedia = z.infer<typeof imageMediaSchema>;

export const feedUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
});

const baseItemSchema = z.object({
  id: z.number().int(),
  type: feedTypeSchema,
  title: z.string().nullable(),
  /** Spec: the image paths (largest variant); `media` has the sizes, srcsets and placeholders. */
  images: z.array(z.string()),
  media: z.array(imageMediaSchema),
  sort_date: z.string(),
  created_at: z.string(),
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
  user_id: z.string(),
  user_image: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user: feedUserSchema,
  /** For '3' and '6': who re-shared it. */
  shared_by_user_id: z.string().nullable(),
  sharer_image: z.string().nullable(),
  sharer_first_name: z.string().nullable(),
  sharer_last_name: z.string().nullable(),
  /** Event fields ('4', '6', and the shared item of a '5'). */
  added_money: z.number().int().nullable(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  url: z.string().nullable(),
  /** An event its creator cancelled: it stays visible, marked cancelled. */
  is_cancelled: z.boolean(),
  event_types: z.array(z.string()),
  associations: z.array(z.string()),
  /** When its author last edited it (the card says "edited"; GET /posts/{id}/revisions has the earlier versions). */
  edited_at: z.string().nullable(),
  /** Only its author and moderators see an item held for review ('held'); only moderators a removed one. */
  moderation_state: z.enum(['held', 'removed']).nullable(),
  maxValueEvent: z.number().int(),
  maxValueAssoc: z.number().int(),
});

/** A feed item; a '2' or '5' carries the item it shares. */
export type FeedItem = z.infer<typeof baseItemSchema> & { shared_item: FeedItem | null };
export const feedItemSchema: z.ZodType<FeedItem> = baseItemSchema.extend({
  shared_item: z.lazy(() => feedItemSchema.nullable()),
});

export const pagedFeedSchema = pagedSchema(feedItemSchema);
export type PagedFeed = z.infer<typeof pagedFeedSchema>;
export const itemResponseSchema = z.object({ data: feedItemSchema });

export const itemIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** POST /posts (multipart): the text fields beside up to LIMITS.postImagesMax `images`. */
export const createPostFieldsSchema = z.object({
  title: z.string().max(LIMITS.postTitleMax, { error: FEED_MESSAGES.postTooLong }).default(''),
});

export const likeResponseSchema = z.object({ is_liked: z.boolean(), likes_count: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  timestamp: z.string(),
  user: feedUserSchema.extend({ name: z.string(), image: z.string() }),
  /** As on items: the last edit (GET /comments/{id}/revisions has the earlier versions), and a hold or removal. */
  edited_at: z.string().nullable(),
  moderation_state: z.enum(['held', 'removed']).nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentsResponseSchema = pagedSchema(commentSchema);
export const createCommentRequestSchema = z.object({
  text: z.string().trim().min(1, { error: FEED_MESSAGES.commentEmpty }).max(2000),
});
export const commentResponseSchema = z.object({ data: commentSchema });

/** PATCH /posts/{id}: a post's (or share's) text; photos stay as they are. */
export const editPostRequestSchema = z
  .object({ title: z.string().max(LIMITS.postTitleMax, { error: FEED_MESSAGES.postTooLong }) })
  .strict();
/** PATCH /comments/{id}. */
export const editCommentRequestSchema = createCommentRequestSchema.strict();
export const commentParamsSchema = itemIdParamsSchema;

/** One earlier version of an edited post or comment, newest first. */
export const revisionSchema = z.object({ text: z.string().nullable(), written_at: z.string() });
export type Revision = z.infer<typeof revisionSchema>;
export const revisionsResponseSchema = z.object({ data: z.array(revisionSchema) });

export const shareRequestSchema = z.object({ comment: z.string().trim().max(2000).optional() });

export const reportRequestSchema = z
  .object({ reason: z.enum(REPORT_REASONS), text: z.string().trim().max(1000).optional() })
  .refine((body) => body.reason !== 'Other' || Boolean(body.text), {
    path: ['text'],
    error: FEED_MESSAGES.reportOtherBlank,
  });
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** GET /home/upcoming-events: events the viewer created or follows, from now on, soonest first. */
export const upcomingEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  location: z.string(),
  prizeMoney: z.number().int(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  associations: z.array(z.string()),
  /** Cancelled by its creator: still shown, marked cancelled. */
  isCancelled: z.boolean(),
});
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;
export const upcomingEventsResponseSchema = z.object({ upcoming_events: z.array(upcomingEventSchema) });

export const suggestedFriendSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_image: z.string(),
  mutual_friends: z.number().int(),
});
export type SuggestedFriend = z.infer<typeof suggestedFriendSchema>;
/** GET /home/upcoming-events-home: friend suggestions and suggested events ('4' items, end date from to_date). */
export const suggestionsResponseSchema = z.object({
  suggestions: z.object({ friends: z.array(suggestedFriendSchema) }),
  suggested_events: z.array(feedItemSchema),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;
export type UpcomingEventsResponse = z.infer<typeof upcomingEventsResponseSchema>;

export const friendRequestCreateSchema = z.object({ user_id: z.string().min(1).max(64) });
