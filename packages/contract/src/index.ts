/**
 * The contract: every endpoint's schemas (zod) and the texts and numbers both sides share. The
 * `*.constants.ts` modules and messages, limits and api-paths import no zod, and the package has no side
 * effects, so a screen that needs only a text or a number does not load the schemas' library.
 */
export * from './account.constants.ts';
export * from './account.ts';
export * from './api-paths.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './conversations.constants.ts';
export * from './conversations.ts';
export * from './data-export.constants.ts';
export * from './data-export.ts';
export * from './dev.ts';
export * from './edits.constants.ts';
export * from './events.constants.ts';
export * from './events.ts';
export * from './events-draft.ts';
export * from './events-draft-values.ts';
export * from './events-multipart.ts';
export * from './feed.constants.ts';
export * from './feed.ts';
export * from './feedback.ts';
export * from './friends.constants.ts';
export * from './friends.ts';
export * from './haul.constants.ts';
export * from './haul.ts';
export * from './health.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './moderation.constants.ts';
export * from './moderation.ts';
export * from './newsletter.constants.ts';
export * from './newsletter.ts';
export * from './notifications.constants.ts';
export * from './notifications.ts';
export * from './oauth.constants.ts';
export * from './oauth.ts';
export * from './onboarding.ts';
export * from './phone.ts';
export * from './places.ts';
export * from './profiles.constants.ts';
export * from './profiles.ts';
export * from './safety.ts';
export * from './search.constants.ts';
export * from './search.ts';
export * from './time-zone.ts';
export * from './two-factor.constants.ts';
export * from './two-factor.ts';
export * from './user.constants.ts';
export * from './user.ts';
