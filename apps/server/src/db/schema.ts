import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/*
 * Accounts. The four tables better-auth needs (its model names: user, session, account,
 * verification), with the product's member fields on `users`. Property names are better-auth's
 * field names; column names are snake_case.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phoneNumber: text('phone_number'),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isOnboard: boolean('is_onboard').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    role: text('role').notNull().default('member'),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender'),
    transportId: smallint('transport_id'),
    /** Set when the member deletes the account: hidden at once, purged 30 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_number_unique').on(t.phoneNumber),
    index('users_deleted_at_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // GET /media/* asks whether a photo is a live member's profile photo (modules/profiles).
    index('users_image_idx').on(t.image).where(sql`${t.image} is not null`),
    // Search (modules/search): the words of a member's name, accents and case folded, for prefix queries;
    // only members search may show. `immutable_unaccent` comes with the migration (drizzle/0006_search.sql).
    index('users_name_search_idx')
      .using('gin', sql`to_tsvector('simple', immutable_unaccent(${t.firstName} || ' ' || ${t.lastName}))`)
      .where(sql`${t.deletedAt} is null and ${t.isOnboard} and ${t.phoneNumberVerified}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token), index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Phone verification codes, one per member and number: members asking for the same number each have
 * their own code and their own wrong tries. The code is kept only as an HMAC (modules/phone/phone-code.ts).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Tries at this code, the right one included; the code is dead once it reaches LIMITS.otpAllowedAttempts. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phoneNumber] })],
);

/* Reference lists, seeded at start-up. */
export const eventTypes = pgTable('event_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  abr: text('abr').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const associations = pgTable('associations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  abr: text('abr').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const circuits = pgTable('circuits', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  abr: text('abr').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/* A member's interests, chosen during onboarding. */
export const userEventTypes = pgTable(
  'user_event_types',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventTypeId: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventTypeId] }), index('user_event_types_type_idx').on(t.eventTypeId)],
);

export const userAssociations = pgTable(
  'user_associations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.associationId] }),
    index('user_associations_association_idx').on(t.associationId),
  ],
);

/*
 * The social graph. A friendship is stored in both directions, so "my friends" is one index range.
 */
export const friendships = pgTable(
  'friendships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: text('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), index('friendships_friend_idx').on(t.friendId)],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_requests_pair_unique').on(t.senderId, t.recipientId),
    index('friend_requests_recipient_idx').on(t.recipientId, t.createdAt),
  ],
);

/*
 * Posts, events and shares share one table (architecture: "A suggestion"), so likes, comments,
 * shares and reports work the same on all of them. kind 'share' rows point at the shared item;
 * their title is the sharer's comment (null for "Share Now"). Counters are kept in the same
 * transaction as the rows they count.
 */
export const posts = pgTable(
  'posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['post', 'event', 'share'] }).notNull(),
    title: text('title'),
    sharedPostId: bigint('shared_post_id', { mode: 'number' }).references((): AnyPgColumn => posts.id, {
      onDelete: 'cascade',
    }),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    sortDate: timestamp('sort_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Newest first across everyone (backward scan for viewers whose friends post often) …
    index('posts_sort_idx').on(t.sortDate.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    // … and per author (one LATERAL lookup per friend for viewers with few or quiet friends).
    index('posts_user_sort_idx').on(t.userId, t.sortDate.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('posts_shared_post_idx').on(t.sharedPostId).where(sql`${t.sharedPostId} is not null`),
    // Events are few among posts: the timeline's event stream walks only them.
    index('posts_event_sort_idx')
      .on(t.sortDate.desc(), t.id.desc())
      .where(sql`${t.kind} = 'event' and ${t.deletedAt} is null`),
    // Search (modules/search): the words of an event's title, accents and case folded, for prefix queries.
    index('posts_event_title_search_idx')
      .using('gin', sql`to_tsvector('simple', immutable_unaccent(${t.title}))`)
      .where(sql`${t.kind} = 'event' and ${t.deletedAt} is null`),
  ],
);

/** A post's photos: one row per image, its WebP variants under one random storage key. */
export const postImages = pgTable(
  'post_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The widths written, e.g. {320,640,1280}; never wider than the original. */
    variantWidths: integer('variant_widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A tiny blurred WebP as a data URI, shown while the image loads. */
    placeholder: text('placeholder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_images_post_position_unique').on(t.postId, t.position),
    // GET /media/* asks whether an image's post and author are still live.
    index('post_images_storage_key_idx').on(t.storageKey),
  ],
);

export const likes = pgTable(
  'likes',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.createdAt, t.id)],
);

/** One report per member per item; the moderation queue reads the open ones. */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_post_user_unique').on(t.postId, t.userId),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * An event's details, keyed by its row in posts (kind 'event'). Times are instants; `time_zone` is the IANA
 * zone of the event's place, in which they were entered and in which calendars show them.
 */
export const eventDetails = pgTable(
  'event_details',
  {
    postId: bigint('post_id', { mode: 'number' })
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fromDate: timestamp('from_date', { withTimezone: true }).notNull(),
    toDate: timestamp('to_date', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull().default('America/Denver'),
    location: text('location').notNull(),
    address: text('address').notNull(),
    addedMoney: integer('added_money').notNull().default(0),
    url: text('url'),
    isPrivate: boolean('is_private').notNull().default(false),
    imageKey: text('image_key'),
    /** The spec's draft: rodeo, concert or conference. */
    kind: text('kind', { enum: ['rodeo', 'concert', 'conference'] })
      .notNull()
      .default('rodeo'),
    circuitId: integer('circuit_id').references(() => circuits.id, { onDelete: 'set null' }),
    tour: boolean('tour').notNull().default(false),
    /** Goes into the creator's calendar feed. */
    sync: boolean('sync').notNull().default(true),
    confirmation: text('confirmation', { enum: ['planning', 'confirmed'] })
      .notNull()
      .default('planning'),
    /** A cancelled event stays visible, marked cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_details_from_date_idx').on(t.fromDate), index('event_details_to_date_idx').on(t.toDate)],
);

/** An event's performances, in the order the creator listed them. */
export const eventPerformances = pgTable(
  'event_performances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('event_performances_post_position_unique').on(t.postId, t.position)],
);

/**
 * A member's private calendar feed (events created with sync on, and followed ones): the URL carries a
 * random token, of which only the hash is kept; revoking deletes the row, and a new one makes a new URL.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const eventEventTypes = pgTable(
  'event_event_types',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    eventTypeId: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.eventTypeId] }), index('event_event_types_type_idx').on(t.eventTypeId)],
);

export const eventAssociations = pgTable(
  'event_associations',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.associationId] }),
    index('event_associations_association_idx').on(t.associationId),
  ],
);

export const eventFollows = pgTable(
  'event_follows',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('event_follows_user_idx').on(t.userId)],
);

/*
 * Notifications, stored: one row per cause and recipient (`cause` says which: 'like:<post>' folds every like
 * of one post into one row, 'friend_request:<sender>', 'comment:<comment>', 'share:<share>' …). `actor_id`
 * is the latest member behind it and `actors` how many there are (likes: "Ty and 3 others liked your post").
 * A row that folds in a new actor is unread again and moves to the top (`updated_at`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['friend_request', 'friend_accepted', 'like', 'comment', 'share', 'event_update'],
    }).notNull(),
    cause: text('cause').notNull(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actors: integer('actors').notNull().default(1),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    /** The request a friend_request notification answers; null once answered. */
    friendRequestId: bigint('friend_request_id', { mode: 'number' }).references(() => friendRequests.id, {
      onDelete: 'set null',
    }),
    /** A short excerpt (a comment's text, a share's comment, what changed in an event). */
    info: text('info'),
    isRead: boolean('is_read').notNull().default(false),
    /** Set when the invitation behind it was accepted ('You have accepted this invitation.'). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('notifications_user_cause_unique').on(t.userId, t.cause),
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()).where(sql`not ${t.isRead}`),
    // Foreign keys' other ends: deleting a member, post or request finds its notifications by index.
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_post_idx').on(t.postId).where(sql`${t.postId} is not null`),
    index('notifications_friend_request_idx').on(t.friendRequestId).where(sql`${t.friendRequestId} is not null`),
  ],
);

/** What members send through Help Center, Feedback Submission and Contact us. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic', { enum: ['help', 'feedback', 'contact'] }).notNull(),
    email: text('email'),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_status_idx').on(t.status, t.createdAt)],
);

/**
 * The newsletter's list (docs/decisions/016-newsletter.md): one row per address, trimmed and lower-cased.
 * Unsubscribing keeps the row (status, `unsubscribed_at`); subscribing again reuses it. The emails' unsubscribe
 * links carry a token of which only the SHA-256 is kept; `last_emailed_at` holds back a second confirmation
 * within a day.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  status: text('status', { enum: ['subscribed', 'unsubscribed'] })
    .notNull()
    .default('subscribed'),
  tokenHash: text('token_hash').notNull().unique(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
