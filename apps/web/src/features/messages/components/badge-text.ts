/** Above this a count reads '9+': the chat icon's badge and a row's count stay small circles. */
export const BADGE_CAP = 9;

/** The text of a count badge; null hides it (nothing unread). */
export function badgeText(count: number): string | null {
  if (!(count > 0)) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.trunc(count));
}

/** The chat icon's accessible name, with the exact count the badge may cap. */
export function chatLabel(unread: number): string {
  if (!(unread > 0)) return 'Messages';
  const count = Math.trunc(unread);
  return `Messages, ${count} unread ${count === 1 ? 'conversation' : 'conversations'}`;
}
