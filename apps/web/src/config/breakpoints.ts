/**
 * Tailwind's `lg` (64rem) as a media query: from there the social layout shows its sidebars beside the page; below,
 * they live in the Menu panel and are not rendered in the page at all (no calls, no photos for a hidden column).
 */
export const LARGE_SCREEN = '(min-width: 64rem)';
