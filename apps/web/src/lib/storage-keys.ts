/** Where the spec keeps things in local storage. */
export const STORAGE_KEYS = {
  token: 'token',
  session: 'session',
  rememberedEmail: 'remembered-email',
  deviceTokens: 'device-tokens',
  /** Remembered devices of two-factor sign-in: per account, the token that skips the code step for 30 days. */
  trustedDevices: 'trusted-devices',
  /** Google and Apple sign-in (session storage): the browser's binding of the sign-in it started, and where to go after. */
  oauthBinding: 'oauth-binding',
  oauthNext: 'oauth-next',
} as const;

/** The forms whose unsent input is kept as a draft (lib/drafts.ts, ADR 023). */
export type DraftForm =
  | 'post'
  | 'event'
  | 'edit-event'
  | 'onboarding'
  | 'comment'
  | 'share'
  | 'report'
  | 'appeal'
  | 'help'
  | 'edit-name'
  | 'edit-post'
  | 'edit-comment'
  | 'sign-up'
  /** A direct message being written, per conversation (or per recipient before the first message). */
  | 'message';

/** Whose draft of which form, and of which item when the form belongs to one (a comment's post). */
export interface DraftAddress {
  member: string;
  form: DraftForm;
  item?: string | number | undefined;
}

/** Every draft's key begins so: `corral:draft:<member id>:<form>[:<item>]`. */
export const DRAFT_PREFIX = 'corral:draft:';

/** The beginning of every key of one member's drafts (the id encoded, so that it cannot contain the colon). */
export const memberDraftPrefix = (member: string) => `${DRAFT_PREFIX}${encodeURIComponent(member)}:`;

/** One draft's key, the same in localStorage (its fields) and in IndexedDB (its photos). */
export const draftKey = ({ member, form, item }: DraftAddress) =>
  `${memberDraftPrefix(member)}${form}${item === undefined ? '' : `:${encodeURIComponent(String(item))}`}`;

/**
 * Whether this browser holds a signed-in session (the persisted store's flag), read without the store:
 * the static pages' script uses it to decide whether to load the web app.
 */
export function isMemberOnThisDevice(): boolean {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null') as {
      state?: { isLoggedIn?: unknown };
    } | null;
    return saved?.state?.isLoggedIn === true && Boolean(localStorage.getItem(STORAGE_KEYS.token));
  } catch {
    return false;
  }
}
