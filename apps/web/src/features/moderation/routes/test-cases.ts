import type { AuditEntry, CaseMessage, ModerationCase } from '@corral/contract';

const member = (id: string, first: string, last: string) => ({ id, first_name: first, last_name: last, avatar: null });

/** An audit entry as the server answers it. */
export function auditEntry(changes: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    case_id: 7,
    action: 'warn',
    actor: { id: 'mod-1', name: 'Loretta Banks' },
    subject: { id: 'boone', name: 'Boone Harlan' },
    target_type: 'post',
    target_id: '41',
    reason: 'Spam',
    note: null,
    until: null,
    role: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}

/** An open case of a post by Boone Harlan, reported by three members and held. */
export function reportedPost(changes: Partial<ModerationCase> = {}): ModerationCase {
  const reporters = [
    member('r1', 'Savannah', 'Reyes'),
    member('r2', 'Tanner', 'McCoy'),
    member('r3', 'Kaycee', 'Whitfield'),
  ];
  return {
    id: 7,
    status: 'open',
    target_type: 'post',
    reporters: 3,
    weight: 2.667,
    held: true,
    first_reported_at: '2026-11-24T09:00:00.000Z',
    last_reported_at: '2026-11-24T11:00:00.000Z',
    resolved_at: null,
    resolution: null,
    item: {
      target_type: 'post',
      target_id: '41',
      post_id: null,
      title: null,
      text: 'Cheap saddles, click here',
      images: ['/media/saddle.webp'],
      created_at: '2026-11-23T08:00:00.000Z',
      author: member('boone', 'Boone', 'Harlan'),
      state: 'held',
      current_text: null,
      conversation: null,
      haul: null,
    },
    reports: reporters.map((reporter, index) => ({
      id: index + 1,
      reason: index === 2 ? 'Other' : 'Spam',
      text: index === 2 ? 'Posted the same link in five groups' : null,
      weight: index === 0 ? 0.667 : 1,
      created_at: `2026-11-24T${String(9 + index).padStart(2, '0')}:00:00.000Z`,
      reporter,
    })),
    subject: {
      member: {
        ...member('boone', 'Boone', 'Harlan'),
        role: 'member',
        suspended_until: null,
        joined_at: '2025-03-01T00:00:00.000Z',
      },
      reports_against: 4,
      upheld: 1,
      actions: [auditEntry()],
    },
    appeal: null,
    available_actions: ['dismiss', 'remove', 'warn', 'suspend', 'ban'],
    ...changes,
  };
}

/**
 * An open case of a direct message by Boone Harlan to Savannah Reyes, who reported it: the message among
 * the messages around it (one deleted by Boone, one with a photo).
 */
export function reportedMessage(changes: Partial<ModerationCase> = {}): ModerationCase {
  const boone = member('boone', 'Boone', 'Harlan');
  const savannah = member('r1', 'Savannah', 'Reyes');
  const message = (id: number, sender: typeof boone, body: string, extra: Partial<CaseMessage> = {}) => ({
    id,
    sender,
    body,
    images: [],
    state: 'sent' as const,
    created_at: `2026-11-24T08:${String(id - 90).padStart(2, '0')}:00.000Z`,
    ...extra,
  });
  const post = reportedPost();
  return {
    ...post,
    id: 9,
    target_type: 'message',
    reporters: 1,
    weight: 1,
    held: false,
    item: {
      target_type: 'message',
      target_id: '95',
      post_id: null,
      title: null,
      text: 'Pay up or I tell everyone',
      images: [],
      created_at: '2026-11-24T08:05:00.000Z',
      author: boone,
      state: 'live',
      current_text: null,
      conversation: {
        conversation_id: 12,
        messages: [
          message(93, savannah, 'Is the saddle still for sale?'),
          message(94, boone, '', { state: 'deleted' }),
          message(95, boone, 'Pay up or I tell everyone'),
          message(96, savannah, 'Please stop', { images: ['/media/i/abc/640.webp'] }),
        ],
      },
      haul: null,
    },
    reports: [{ ...(post.reports[0] as ModerationCase['reports'][number]), reporter: savannah }],
    ...changes,
  };
}

/**
 * An open case of a hauling offer by Boone Harlan (Cody, WY to the Cody Stampede), reported by three members and
 * held (its removed_at set by the hold, ADR 028 "Hauling items").
 */
export function reportedHaulOffer(changes: Partial<ModerationCase> = {}): ModerationCase {
  const post = reportedPost();
  return {
    ...post,
    id: 11,
    target_type: 'haul_offer',
    item: {
      target_type: 'haul_offer',
      target_id: '31',
      post_id: null,
      title: 'Hauling offer from Cody, WY to Cody Stampede',
      text: 'Deposit by wire only, before I answer',
      images: [],
      created_at: '2026-11-23T08:00:00.000Z',
      author: member('boone', 'Boone', 'Harlan'),
      state: 'held',
      current_text: null,
      conversation: null,
      haul: {
        kind: 'offer',
        event: { id: 88, title: 'Cody Stampede', from_date: '2026-12-01T18:00:00Z', to_date: '2026-12-03T18:00:00Z' },
        origin: { name: 'Cody', region_code: 'WY' },
        depart_from: '2026-11-30T14:00:00.000Z',
        depart_until: '2026-11-30T16:00:00.000Z',
        arrive_by: '2026-12-01T17:00:00.000Z',
        stalls_total: 4,
        stalls_free: 3,
        stall_kind: 'slant',
        rate_type: 'fill',
        price: 80,
        price_unit: 'horse',
        visibility: 'everyone',
        notes: 'Deposit by wire only, before I answer',
      },
    },
    available_actions: ['dismiss', 'remove', 'restore', 'warn', 'suspend', 'ban'],
    ...changes,
  };
}
