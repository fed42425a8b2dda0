import { paths } from './paths.ts';

export const SITE_NAME = 'Corral';

/**
 * How a prerendered page is delivered. `static`: complete HTML and a small script, no React for a signed-out
 * visitor (the marketing home and the policy pages). `app`: complete HTML that the web app takes over
 * (hydrates) once its script has loaded (the forms of sign-in, sign-up and password reset).
 */
export type PageDelivery = 'static' | 'app';

/** A prerendered page's path, title and delivery; its description is the prerender's (page-descriptions.ts). */
export interface PageMeta {
  path: string;
  title: string;
  delivery: PageDelivery;
  /** The page search engines should index for this content (the bare variants point at the full page). */
  canonical: string;
}

const page = (path: string, title: string, delivery: PageDelivery, canonical = path) => ({
  path,
  title,
  delivery,
  canonical,
});

/** Every page the build prerenders, with its title (the document title once the app runs, too). */
export const PRERENDERED_PAGES: readonly PageMeta[] = [
  page(paths.home, 'Corral: the rodeo and western community', 'static'),
  page(paths.privacyPolicy, 'Privacy Policy', 'static'),
  page(paths.privacyPolicyBare, 'Privacy Policy', 'static', paths.privacyPolicy),
  page(paths.terms, 'Terms and Conditions', 'static'),
  page(paths.termsBare, 'Terms and Conditions', 'static', paths.terms),
  page(paths.deletionPolicy, 'Account and Data Deletion Policy', 'static'),
  page(paths.deletionPolicyBare, 'Account and Data Deletion Policy', 'static', paths.deletionPolicy),
  page(paths.aboutUs, 'About Us', 'static'),
  page(paths.aboutUsBare, 'About Us', 'static', paths.aboutUs),
  page(paths.signIn, 'Log in', 'app'),
  page(paths.signUp, 'Sign up', 'app'),
  page(paths.forgotPassword, 'Forgot password', 'app'),
];

/** Titles of the web app's screens, for the document title as one navigates (screen readers announce it). */
const SCREEN_TITLES: readonly [RegExp, string][] = [
  [/^\/social_home\/friend-list$/, 'Timeline'],
  [/^\/social_home\/post\//, 'Post'],
  [/^\/social_home\/event\//, 'Event'],
  [/^\/social_home\/event-types$/, 'Event Types'],
  [/^\/social_home\/association-types$/, 'Associations'],
  [/^\/social_home\/my-events$/, 'My events'],
  [/^\/social_home\/event-history$/, 'Event history'],
  [/^\/social_home\/profile\//, 'Profile'],
  [/^\/social_home\/myprofile\//, 'My profile'],
  [/^\/social_home\/search$/, 'Search'],
  [/^\/social_home\/help$/, 'Help'],
  [/^\/social_home\/hauling$/, 'My hauls'],
  [/^\/social_home\/hauling\/bookings\//, 'Booking'],
  [/^\/social_home\/hauling\/horses$/, 'Horses'],
  [/^\/social_home\/messages(\/|$)/, 'Messages'],
  [/^\/social_home\/settings\/messages$/, 'Who can message you'],
  [/^\/social_home\/settings\/blocked$/, 'Blocked and muted'],
  [/^\/social_home\/settings\/standing$/, 'Account standing'],
  [/^\/social_home\/settings\/account$/, 'Account'],
  [/^\/social_home\/moderation$/, 'Moderation'],
  [/^\/social_home\/moderation\/audit$/, 'Audit log'],
  [/^\/social_home\/moderation\/roles$/, 'Roles'],
  [/^\/onboarding$/, 'Onboarding'],
  [/^\/phone-verify$/, 'Phone verification'],
  [/^\/reset-password$/, 'Reset password'],
  [/^\/newsletter\/unsubscribe$/, 'Unsubscribe'],
  [/^\/confirm-email$/, 'Confirm your email address'],
  [/^\/undo-email-change$/, 'Undo the email change'],
];

/** The document title of a path: "{screen} · Corral", or the prerendered page's own title. */
export function documentTitle(pathname: string): string {
  const prerendered = PRERENDERED_PAGES.find((meta) => meta.path === pathname);
  if (prerendered) return pathname === paths.home ? prerendered.title : `${prerendered.title} · ${SITE_NAME}`;
  const screen = SCREEN_TITLES.find(([pattern]) => pattern.test(pathname));
  return screen ? `${screen[1]} · ${SITE_NAME}` : SITE_NAME;
}
