/** The home page's line icons (24px grid, stroke currentColor), decorative: always beside their text. */
const ICONS = {
  timeline: 'M4 5h16M4 12h16M4 19h10M8 5v0M8 12v0',
  photo: 'M4 6h3l2-2h6l2 2h3v13H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  event: 'M4 7h16v13H4zM4 11h16M8 4v5M16 4v5M8 15h3',
  money:
    'M12 3v18M16.5 7.5C16 6 14.3 5 12 5 9.5 5 7.5 6.3 7.5 8.3c0 4.4 9 2.4 9 7 0 2.1-2 3.7-4.5 3.7-2.4 0-4.3-1.1-4.8-2.8',
  calendar: 'M4 7h16v13H4zM4 11h16M8 4v5M16 4v5M9 15.5l2 2 4-4',
  friends:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6.5 6.5 0 0 1 3.5 6',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm9 2-3.5-3.5',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 14.5v2',
  share: 'M4 12v7h16v-7M12 3v12M7.5 7.5 12 3l4.5 4.5',
} as const;

export type MarketingIconName = keyof typeof ICONS;

export function MarketingIcon({ name, className }: { name: MarketingIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
