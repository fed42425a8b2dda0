/**
 * The prerendered pages' descriptions (meta description, social previews). Only the prerender step reads
 * them (src/prerender.tsx): the app never shows them, so they are not part of what a browser downloads.
 */
import { type PageMeta, PRERENDERED_PAGES } from './page-meta.ts';
import { paths } from './paths.ts';

export const SITE_DESCRIPTION =
  'Corral is the social and events app for the rodeo and western community: find rodeos with added money, follow events, share photos and keep up with your friends down the road.';

const privacy = 'How Corral collects, uses, shares and protects your information.';
const terms = 'The terms that apply when you use Corral, the social and events app for the rodeo community.';
const deletion = 'How to delete your Corral account and what happens to your posts, photos and data.';
const about = 'Who builds Corral and why: a home online for riders, organisers and fans of rodeo.';

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  [paths.home]: SITE_DESCRIPTION,
  [paths.privacyPolicy]: privacy,
  [paths.privacyPolicyBare]: privacy,
  [paths.terms]: terms,
  [paths.termsBare]: terms,
  [paths.deletionPolicy]: deletion,
  [paths.deletionPolicyBare]: deletion,
  [paths.aboutUs]: about,
  [paths.aboutUsBare]: about,
  [paths.signIn]: 'Log in to Corral.',
  [paths.signUp]: 'Create your free Corral account.',
  [paths.forgotPassword]: 'Reset the password of your Corral account.',
};

export interface DescribedPage extends PageMeta {
  description: string;
}

/** Every prerendered page with its description; a page without one fails the build. */
export const DESCRIBED_PAGES: readonly DescribedPage[] = PRERENDERED_PAGES.map((meta) => {
  const description = DESCRIPTIONS[meta.path];
  if (!description) throw new Error(`The prerendered page ${meta.path} has no description`);
  return { ...meta, description };
});
