/** The moderation pages' queries (staff only), under one root so an action can refresh them all. */
export const moderationKeys = {
  all: ['moderation'] as const,
  /** Every page of both tabs of the queue. */
  queues: () => [...moderationKeys.all, 'queue'] as const,
  queue: (status: 'open' | 'resolved') => [...moderationKeys.queues(), status] as const,
  audit: () => [...moderationKeys.all, 'audit'] as const,
  /** Every search of the roles page. */
  memberSearches: () => [...moderationKeys.all, 'members'] as const,
  members: (q: string) => [...moderationKeys.memberSearches(), q] as const,
};
