import type { MessagePolicy } from '@corral/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { conversationMembers, conversations, messageImages, messages } from '../../db/schema.ts';
import { literal, preparedStatement, preparedStatements, selectRows, type Tx, utcText } from '../../db/sql.ts';
import type { Keyset } from '../../lib/keyset.ts';
import { notBlocked } from '../items/items.policy.ts';
import type { StoredImage } from '../media/media.service.ts';

/*
 * Direct messages' SQL (docs/decisions/029-direct-messages.md). Only queries: what a viewer is shown of a
 * message is decided in conversations.mapper.ts, who may write in conversations.policy.ts.
 */

/** The chat icon's counts: a member's listed conversations with unread messages, by box. */
export interface UnreadCounts {
  inbox: number;
  requests: number;
}

/** A message as stored, with what its viewers' answers depend on (the mapper decides what each is shown). */
export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: string | null;
  /** The sender's account is not deleted (false once purged too). */
  sender_live: boolean;
  body: string;
  client_id: string;
  created_at: string;
  deleted: boolean;
  removed: boolean;
  images: StoredImage[];
}

/** A conversation as one member (`viewer_id`) sees it. */
export interface ConversationRow {
  id: number | string;
  viewer_id: string;
  box: 'inbox' | 'requests';
  last_message_at: string;
  /** last_message_at to the microsecond: the list's cursor. */
  sort_at: string;
  unread: number;
  accepted: boolean;
  started_by_viewer: boolean;
  /** The other member, when their account is live. */
  other_id: string | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_image: string | null;
  other_last_read: number | string | null;
  blocked: boolean;
  /** Messages the requester sent while the conversation is a request (0 once accepted). */
  request_sent: number;
  last_message: MessageRow | null;
}

/*
 * The fragments below are what every statement of this module shows of messages and conversations; the
 * module's other readers (the stream's catch-up, conversations.missed.ts) build on them, so that what a member
 * is shown is read in one way.
 */

/**
 * A message `m` (with its sender `su`, left-joined) as JSON: its facts and its photos in order. The aliases are
 * fixed: every statement below joins `messages m left join users su on su.id = m.sender_id`.
 */
export const MESSAGE_JSON = sql`json_build_object(
  'id', m.id, 'conversation_id', m.conversation_id, 'sender_id', m.sender_id,
  'sender_live', su.id is not null and su.deleted_at is null, 'body', m.body, 'client_id', m.client_id,
  'created_at', ${utcText(sql`m.created_at`, 'ms')},
  'deleted', m.deleted_at is not null, 'removed', m.removed_at is not null,
  'images', coalesce((select json_agg(json_build_object('storageKey', mi.storage_key,
      'variantWidths', mi.variant_widths, 'width', mi.width, 'height', mi.height, 'placeholder', mi.placeholder)
      order by mi.position) from message_images mi where mi.message_id = m.id), '[]'::json))`;

/**
 * The columns of a conversation as the member of row `cm` sees it (VIEW_FROM's aliases): their box and
 * counts, the other member (`o`, null once deleted) with their read marker, a block either way, the
 * requester's messages while it is a request, and the last message unless the member cleared it.
 */
export const VIEW_COLUMNS = sql`
  c.id, cm.user_id as viewer_id, cm.box, ${utcText(sql`cm.last_message_at`, 'ms')} as last_message_at,
  ${utcText(sql`cm.last_message_at`)} as sort_at, cm.unread_count as unread,
  c.accepted_at is not null as accepted, coalesce(c.started_by = cm.user_id, false) as started_by_viewer,
  o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name, o.image as other_image,
  om.last_read_message_id as other_last_read,
  not ${notBlocked(sql`cm.user_id`, sql`om.user_id`)} as blocked,
  case when c.accepted_at is null then (select count(*)::int from messages rm
    where rm.conversation_id = c.id and rm.sender_id = c.started_by) else 0 end as request_sent,
  (select ${MESSAGE_JSON} from messages m left join users su on su.id = m.sender_id
    where m.id = c.last_message_id and m.id > cm.cleared_message_id) as last_message`;

export const VIEW_FROM = sql`conversation_members cm
  join conversations c on c.id = cm.conversation_id
  left join conversation_members om on om.conversation_id = c.id and om.user_id <> cm.user_id
  left join users o on o.id = om.user_id and o.deleted_at is null`;

export const UNREAD_COUNTS = (user: unknown) => sql`
  select count(*) filter (where u.box = 'inbox')::int as unread_inbox,
    count(*) filter (where u.box = 'requests')::int as unread_requests
  from conversation_members u where u.user_id = ${user} and u.listed and u.unread_count > 0`;

const unreadCounts = preparedStatement<{ user: string }, { unread_inbox: number; unread_requests: number }>(
  ({ user }) => UNREAD_COUNTS(user),
);

/** One statement on conversation_members_unread_idx. */
export async function selectUnreadCounts(db: Tx, userId: string): Promise<UnreadCounts> {
  const [row] = await unreadCounts(db, { user: userId });
  return { inbox: row?.unread_inbox ?? 0, requests: row?.unread_requests ?? 0 };
}

export type ConversationPageRow = { unread_inbox: number; unread_requests: number } & (
  | ConversationRow
  | { [Key in keyof ConversationRow]: null }
);

type PageValues = { viewer: string; box: string; at: string; id: number };

/**
 * A page of a member's box, newest activity first (conversation_members_boxes_idx), with the viewer's unread
 * counts, in one statement. An empty page is one row of counts whose conversation columns are null.
 */
const conversationPage = preparedStatements<{ after: boolean; limit: number }, PageValues, ConversationPageRow>(
  ({ after, limit }, v) => sql`
    select n.unread_inbox, n.unread_requests, p.* from (${UNREAD_COUNTS(v.viewer)}) n
    left join lateral (
      select ${VIEW_COLUMNS}, cm.last_message_at as sort_time from ${VIEW_FROM}
      where cm.user_id = ${v.viewer} and cm.box = ${v.box} and cm.listed
        ${after ? sql`and (cm.last_message_at, cm.conversation_id) < (${v.at}::timestamptz, ${v.id})` : sql``}
      order by cm.last_message_at desc, cm.conversation_id desc limit ${literal(limit)}) p on true
    order by p.sort_time desc, p.id desc`,
);

export function selectConversationPage(
  db: Tx,
  viewerId: string,
  box: 'inbox' | 'requests',
  after: Keyset | null,
  limit: number,
) {
  return conversationPage({ after: after !== null, limit })(db, {
    viewer: viewerId,
    box,
    at: after?.at ?? '1970-01-01T00:00:00Z',
    id: after?.id ?? 0,
  });
}

type MessagePageValues = { viewer: string; conversation: number; before: number };

/**
 * The conversation as the viewer sees it and a page of its messages, newest first, after what the viewer
 * cleared (messages_conversation_idx), in one statement. No row: the viewer is not a member.
 */
const messagePage = preparedStatements<
  { after: boolean; limit: number },
  MessagePageValues,
  ConversationRow & { messages: MessageRow[] }
>(
  ({ after, limit }, v) => sql`
    select ${VIEW_COLUMNS}, coalesce((select json_agg(x.message order by x.id desc) from (
        select m.id, ${MESSAGE_JSON} as message from messages m left join users su on su.id = m.sender_id
        where m.conversation_id = c.id and m.id > cm.cleared_message_id
          ${after ? sql`and m.id < ${v.before}` : sql``}
        order by m.id desc limit ${literal(limit)}) x), '[]'::json) as messages
    from ${VIEW_FROM} where cm.user_id = ${v.viewer} and cm.conversation_id = ${v.conversation}`,
);

export async function selectMessagePage(
  db: Tx,
  viewerId: string,
  conversationId: number,
  before: number | null,
  limit: number,
) {
  const [row] = await messagePage({ after: before !== null, limit })(db, {
    viewer: viewerId,
    conversation: conversationId,
    before: before ?? 0,
  });
  return row;
}

/** The viewer's conversation with a member (by the pair's key), as the viewer sees it. */
export async function selectConversationOfPair(db: Tx, viewerId: string, pairKey: string) {
  const [row] = await selectRows<ConversationRow>(
    db,
    sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where cm.user_id = ${viewerId} and c.pair_key = ${pairKey}`,
  );
  return row;
}

/** A member's view with their unread counts and, when asked, one message of the conversation as JSON. */
export type MemberViewRow = ConversationRow & UnreadCountsRow & { message: MessageRow | null };
type UnreadCountsRow = { unread_inbox: number; unread_requests: number };

/**
 * The conversation as each of its members sees it, with their unread counts and the message `messageId`
 * (0: none): what the live events of a change carry, in one statement.
 */
const memberViews = preparedStatement<{ conversation: number; message: number }, MemberViewRow>(
  (v) => sql`select ${VIEW_COLUMNS}, n.unread_inbox, n.unread_requests,
        (select ${MESSAGE_JSON} from messages m left join users su on su.id = m.sender_id
          where m.id = ${v.message} and m.conversation_id = c.id) as message
      from ${VIEW_FROM} cross join lateral (${UNREAD_COUNTS(sql`cm.user_id`)}) n
      where cm.conversation_id = ${v.conversation}`,
);

export function selectMemberViews(db: Tx, conversationId: number, messageId = 0): Promise<MemberViewRow[]> {
  return memberViews(db, { conversation: conversationId, message: messageId });
}

/** The pair's conversation, if they have one. */
export async function selectConversationIdOfPair(db: Tx, pairKey: string): Promise<number | null> {
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, pairKey));
  return row?.id ?? null;
}

/** What starting a conversation with `recipientId` depends on; undefined when the recipient is not a live member. */
export interface StartFacts {
  policy: MessagePolicy;
  friends: boolean;
  mutual_friend: boolean;
  blocked: boolean;
  conversation_id: number | string | null;
  started_today: number;
  oldest_start: string | null;
}

type StartValues = { viewer: string; recipient: string; pair: string; since: string };

const startFacts = preparedStatement<StartValues, StartFacts>(
  ({ viewer: viewerId, recipient: recipientId, pair: pairKey, since }) =>
    sql`select u.message_policy as policy,
        exists (select 1 from friendships f where f.user_id = ${viewerId} and f.friend_id = u.id) as friends,
        exists (select 1 from friendships a
          join friendships b on b.user_id = u.id and b.friend_id = a.friend_id
          join users mf on mf.id = a.friend_id and mf.deleted_at is null
          where a.user_id = ${viewerId}) as mutual_friend,
        not ${notBlocked(viewerId, sql`u.id`)} as blocked,
        (select pc.id from conversations pc where pc.pair_key = ${pairKey}) as conversation_id,
        (select count(*)::int from conversations s where s.started_by = ${viewerId}
          and s.created_at > ${since}::timestamptz)
          as started_today,
        (select ${utcText(sql`min(s.created_at)`, 'ms')} from conversations s
          where s.started_by = ${viewerId} and s.created_at > ${since}::timestamptz) as oldest_start
      from users u
      where u.id = ${recipientId} and u.deleted_at is null and u.is_onboard and u.phone_number_verified`,
);

export async function selectStartFacts(
  db: Tx,
  viewerId: string,
  recipientId: string,
  pairKey: string,
  since: Date,
): Promise<StartFacts | undefined> {
  const [row] = await startFacts(db, {
    viewer: viewerId,
    recipient: recipientId,
    pair: pairKey,
    since: since.toISOString(),
  });
  return row;
}

/** What sending in a conversation depends on; undefined when the viewer is not one of its members. */
export interface SendFacts {
  accepted: boolean;
  started_by: string | null;
  other_id: string | null;
  other_live: boolean;
  blocked: boolean;
  request_sent: number;
  last_message_id: number | string | null;
}

/**
 * The conversation's facts for the viewer, locked (`lock`) until the transaction ends: sends, reads, accepts
 * and removals of one conversation take turns, so a request's allowance and the last message stay exact.
 */
const sendFacts = preparedStatements<{ lock: boolean }, { viewer: string; conversation: number }, SendFacts>(
  ({ lock }, { viewer: viewerId, conversation: conversationId }) =>
    sql`select c.accepted_at is not null as accepted, c.started_by, c.last_message_id,
        om.user_id as other_id, o.id is not null as other_live,
        not ${notBlocked(viewerId, sql`om.user_id`)} as blocked,
        case when c.accepted_at is null then (select count(*)::int from messages rm
          where rm.conversation_id = c.id and rm.sender_id = c.started_by) else 0 end as request_sent
      from conversations c
      join conversation_members cm on cm.conversation_id = c.id and cm.user_id = ${viewerId}
      left join conversation_members om on om.conversation_id = c.id and om.user_id <> cm.user_id
      left join users o on o.id = om.user_id and o.deleted_at is null
      where c.id = ${conversationId} ${lock ? sql`for update of c` : sql``}`,
);

export async function selectSendFacts(
  db: Tx,
  viewerId: string,
  conversationId: number,
  lock: boolean,
): Promise<SendFacts | undefined> {
  const [row] = await sendFacts({ lock })(db, { viewer: viewerId, conversation: conversationId });
  return row;
}

/** A member's start of conversations take turns, so the daily cap counts exactly. */
export async function lockStartsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('conversation starts'), hashtext(${userId}))`);
}

type NewConversationValues = {
  pair: string;
  startedBy: string;
  recipient: string;
  recipientBox: string;
  acceptedAt: string | null;
  at: string;
};

const newConversation = preparedStatement<NewConversationValues, { id: number | string }>(
  (v) => sql`
    with c as (
      insert into conversations (pair_key, started_by, accepted_at, last_message_at, created_at)
      values (${v.pair}, ${v.startedBy}, ${v.acceptedAt}::timestamptz, ${v.at}::timestamptz, ${v.at}::timestamptz)
      on conflict do nothing returning id),
    m as (
      insert into conversation_members (conversation_id, user_id, box, last_message_at, joined_at)
      select c.id, x.user_id, x.box, ${v.at}::timestamptz, ${v.at}::timestamptz
      from c cross join (values (${v.startedBy}::text, 'inbox'), (${v.recipient}::text, ${v.recipientBox}::text))
        as x(user_id, box))
    select id from c`,
);

/**
 * A new direct conversation of the pair with both members' rows (the starter's in the inbox, the recipient's in
 * `recipientBox`), in one statement; null when the pair's conversation was made meanwhile (its key is unique).
 */
export async function insertConversationWithMembers(
  tx: Tx,
  input: {
    pairKey: string;
    startedBy: string;
    recipientId: string;
    recipientBox: 'inbox' | 'requests';
    accepted: boolean;
    at: Date;
  },
): Promise<number | null> {
  const at = input.at.toISOString();
  const [row] = await newConversation(tx, {
    pair: input.pairKey,
    startedBy: input.startedBy,
    recipient: input.recipientId,
    recipientBox: input.recipientBox,
    acceptedAt: input.accepted ? at : null,
    at,
  });
  return row ? Number(row.id) : null;
}

/** A new direct conversation of the pair, or null when one was made meanwhile (the pair's key is unique). */
export async function insertConversation(
  tx: Tx,
  input: { pairKey: string; startedBy: string; accepted: boolean; at: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(conversations)
    .values({
      pairKey: input.pairKey,
      startedBy: input.startedBy,
      acceptedAt: input.accepted ? input.at : null,
      lastMessageAt: input.at,
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  return row?.id ?? null;
}

export async function insertMembers(
  tx: Tx,
  conversationId: number,
  members: { userId: string; box: 'inbox' | 'requests' }[],
  at: Date,
): Promise<void> {
  await tx
    .insert(conversationMembers)
    .values(members.map((member) => ({ conversationId, ...member, lastMessageAt: at, joinedAt: at })));
}

/** The sender's message with this client id, if they sent one. */
export async function selectMessageByClientId(db: Tx, senderId: string, clientId: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, pairKey: conversations.pairKey })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

type SentValues = { conversation: number; sender: string; clientId: string; body: string; at: string };

/** insertMessage and recordSent in one statement: the message, then what it changes, only if it was written. */
const sentMessage = preparedStatements<{ accepting: boolean }, SentValues, { id: number | string }>(
  ({ accepting }, v) => sql`
    with m as (
      insert into messages (conversation_id, sender_id, client_id, body, created_at)
      values (${v.conversation}, ${v.sender}, ${v.clientId}, ${v.body}, ${v.at}::timestamptz)
      on conflict do nothing returning id),
    c as (
      update conversations set last_message_id = m.id, last_message_at = ${v.at}::timestamptz
        ${accepting ? sql`, accepted_at = ${v.at}::timestamptz` : sql``}
      from m where conversations.id = ${v.conversation}),
    cm as (
      update conversation_members set last_message_at = ${v.at}::timestamptz, listed = true
        ${accepting ? sql`, box = 'inbox'` : sql``},
        unread_count = case when user_id = ${v.sender} then 0 else unread_count + 1 end,
        last_read_message_id = case when user_id = ${v.sender} then m.id else last_read_message_id end
      from m where conversation_members.conversation_id = ${v.conversation})
    select id from m`,
);

/**
 * A message without photos, written with what it changes (recordSent), in one statement. Answers its id, or
 * null, changing nothing, when the sender already has a message with this client id.
 */
export async function insertSentMessage(
  tx: Tx,
  input: { conversationId: number; senderId: string; clientId: string; body: string; accepting: boolean; at: Date },
): Promise<number | null> {
  const [row] = await sentMessage({ accepting: input.accepting })(tx, {
    conversation: input.conversationId,
    sender: input.senderId,
    clientId: input.clientId,
    body: input.body,
    at: input.at.toISOString(),
  });
  return row ? Number(row.id) : null;
}

/** The new message's id, or null when the sender already has a message with this client id. */
export async function insertMessage(
  tx: Tx,
  input: { conversationId: number; senderId: string; clientId: string; body: string; images: StoredImage[]; at: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderId: input.senderId,
      clientId: input.clientId,
      body: input.body,
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ id: messages.id });
  if (!row) return null;
  if (input.images.length > 0)
    await tx
      .insert(messageImages)
      .values(input.images.map((image, position) => ({ messageId: row.id, position, ...image, createdAt: input.at })));
  return row.id;
}

/**
 * A message was sent: it is the conversation's last (accepted now when `accepting`), both members' rows
 * move up their boxes and are listed again; the sender has read up to it, the other has one more unread.
 */
export async function recordSent(
  tx: Tx,
  input: { conversationId: number; messageId: number; senderId: string; accepting: boolean; at: Date },
): Promise<void> {
  const { conversationId, messageId, senderId, accepting, at } = input;
  await tx.execute(sql`
    update conversations set last_message_id = ${messageId}, last_message_at = ${at}
      ${accepting ? sql`, accepted_at = ${at}` : sql``}
    where id = ${conversationId}`);
  await tx.execute(sql`
    update conversation_members set last_message_at = ${at}, listed = true
      ${accepting ? sql`, box = 'inbox'` : sql``},
      unread_count = case when user_id = ${senderId} then 0 else unread_count + 1 end,
      last_read_message_id = case when user_id = ${senderId} then ${messageId}::bigint else last_read_message_id end
    where conversation_id = ${conversationId}`);
}

/** Whether the message is one of the conversation's. */
export async function messageIsIn(db: Tx, conversationId: number, messageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row !== undefined;
}

/**
 * Moves the member's read marker forward to `messageId` (never back) and counts again the other member's
 * messages after it. Answers whether it moved.
 */
export async function updateReadMarker(
  tx: Tx,
  conversationId: number,
  userId: string,
  messageId: number,
): Promise<boolean> {
  const rows = await selectRows<{ conversation_id: unknown }>(
    tx,
    sql`update conversation_members cm set last_read_message_id = ${messageId},
        unread_count = (select count(*)::int from messages m where m.conversation_id = cm.conversation_id
          and m.id > greatest(${messageId}::bigint, cm.cleared_message_id) and m.sender_id is distinct from cm.user_id)
      where cm.conversation_id = ${conversationId} and cm.user_id = ${userId} and cm.last_read_message_id < ${messageId}
      returning cm.conversation_id`,
  );
  return rows.length > 0;
}

/** The request is accepted: both rows go to the inbox, and the accepting member's is listed again. */
export async function acceptConversation(tx: Tx, conversationId: number, userId: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update conversations set accepted_at = ${at} where id = ${conversationId} and accepted_at is null`,
  );
  await tx.execute(sql`
    update conversation_members set box = 'inbox', listed = listed or user_id = ${userId}
    where conversation_id = ${conversationId}`);
}

/** The member removes the conversation from their boxes: its messages so far leave their view. */
export async function clearConversation(
  tx: Tx,
  conversationId: number,
  userId: string,
  lastMessageId: number,
): Promise<void> {
  await tx.execute(sql`
    update conversation_members set listed = false, unread_count = 0, cleared_message_id = ${lastMessageId}
    where conversation_id = ${conversationId} and user_id = ${userId}`);
}

/** A message of a conversation the viewer is a member of, with its sender; undefined otherwise. */
export async function selectMessageOfMember(db: Tx, viewerId: string, messageId: number) {
  const [row] = await selectRows<{ conversation_id: number | string; sender_id: string | null; deleted: boolean }>(
    db,
    sql`select m.conversation_id, m.sender_id, m.deleted_at is not null as deleted from messages m
      join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${viewerId}
      where m.id = ${messageId}`,
  );
  return row;
}

/** The sender deletes the message: its body and photos go (answers the photos' storage keys). */
export async function deleteMessageContent(tx: Tx, messageId: number, at: Date): Promise<string[]> {
  await tx.execute(
    sql`update messages set deleted_at = ${at}, body = '' where id = ${messageId} and deleted_at is null`,
  );
  const rows = await tx
    .delete(messageImages)
    .where(eq(messageImages.messageId, messageId))
    .returning({ key: messageImages.storageKey });
  return rows.map((row) => row.key);
}

/** The member ids of a conversation. */
export async function selectMemberIds(db: Tx, conversationId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((row) => row.userId);
}

const liveImage = preparedStatement<{ key: string }, { live: boolean }>(
  ({ key }) => sql`
    select exists (select 1 from message_images mi join messages m on m.id = mi.message_id
                   join users u on u.id = m.sender_id
                   where mi.storage_key = ${key} and m.deleted_at is null and m.removed_at is null
                     and u.deleted_at is null) as live`,
);

/** Whether the image stored under `storageKey` is a photo of a live message from a live member. */
export async function selectMessageImageIsLive(db: Tx, storageKey: string): Promise<boolean> {
  const [row] = await liveImage(db, { key: storageKey });
  return row?.live === true;
}

/**
 * The purge of members (ADR 029, "Deleted accounts"): their messages keep their place, emptied and from no
 * one; their photos' rows go (answers the storage keys, for the storage); conversations left with no member
 * go with their messages.
 */
export async function purgeMessagesOf(tx: Tx, userIds: readonly string[]): Promise<string[]> {
  const ids = [...userIds];
  const sent = tx.select({ id: messages.id }).from(messages).where(inArray(messages.senderId, ids));
  const images = await tx
    .delete(messageImages)
    .where(inArray(messageImages.messageId, sent))
    .returning({ key: messageImages.storageKey });
  await tx.update(messages).set({ body: '', senderId: null }).where(inArray(messages.senderId, ids));
  const theirs = tx
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(inArray(conversationMembers.userId, ids));
  await tx.delete(conversations).where(
    and(
      inArray(conversations.id, theirs),
      sql`not exists (select 1 from conversation_members o where o.conversation_id = ${conversations.id}
          and o.user_id not in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
    ),
  );
  return images.map((row) => row.key);
}
