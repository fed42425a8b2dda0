/** Whole seconds from `now` until `at` (epoch ms), never below 0: what a countdown shows. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A wait as a button says it: "42 s" up to two minutes, then minutes, then hours, each rounded up. */
export function waitLabel(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}
