/** Above this the badge reads '9+': the bell stays one small circle whatever the count. */
export const BADGE_CAP = 9;

/** The text on the bell's badge; null hides the badge (nothing unread). */
export function badgeText(unread: number): string | null {
  if (!(unread > 0)) return null;
  return unread > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.trunc(unread));
}

/** The bell's accessible name, with the exact count the badge may cap. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${Math.trunc(unread)} unread` : 'Notifications';
}
