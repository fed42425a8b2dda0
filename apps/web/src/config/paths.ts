/** Every route of the web app with the spec's names; build links from here, never by hand. */
export const paths = {
  home: '/',
  signUp: '/sign-up',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where Google and Apple sign-in come back (the server's redirect, `#code=` or `#error=`), and the emailed link step. */
  oauthCallback: '/auth/callback',
  onBoard: '/onboarding',
  phoneVerify: '/phone-verify',
  privacyPolicy: '/privacy-policy',
  privacyPolicyBare: '/privacy_policy',
  terms: '/terms-and-conditions',
  termsBare: '/terms_and_conditions',
  deletionPolicy: '/deletion-policy',
  deletionPolicyBare: '/deletion_policy',
  aboutUs: '/about-us',
  aboutUsBare: '/about_us',
  /** Where the newsletter email's unsubscribe link lands (`?token=`). */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  socialHome: '/social_home',
  friendList: '/social_home/friend-list',
  eventTypes: '/social_home/event-types',
  associationTypes: '/social_home/association-types',
  myEvents: '/social_home/my-events',
  eventHistory: '/social_home/event-history',
  userProfile: (id: string) => `/social_home/profile/${encodeURIComponent(id)}`,
  myProfile: (id: string) => `/social_home/myprofile/${encodeURIComponent(id)}`,
  postDetail: (id: number | string) => `/social_home/post/${encodeURIComponent(String(id))}`,
  /** The event detail modal; `suggested` marks it as opened from the suggestions ('System suggested'). */
  event: (id: number | string, suggested = false) =>
    `/social_home/event/${encodeURIComponent(String(id))}${suggested ? '?suggested=1' : ''}`,
  /** The search results page (Enter in the top bar's search box). */
  search: (q: string) => `/social_home/search?q=${encodeURIComponent(q)}`,
  /** Direct messages: the Inbox and Requests (`?box=requests`), a conversation beside them on wider screens. */
  messages: '/social_home/messages',
  messageRequests: '/social_home/messages?box=requests',
  /** One conversation; `box` keeps the list beside it on the tab it was opened from. */
  conversation: (id: number | string, box: 'inbox' | 'requests' = 'inbox') =>
    `/social_home/messages/${encodeURIComponent(String(id))}${box === 'requests' ? '?box=requests' : ''}`,
  /** Writing to a member: their conversation if there is one, else a new one (or why one cannot start). */
  newConversation: (userId: string) => `/social_home/messages/new/${encodeURIComponent(userId)}`,
  /** Who may start a conversation with the member (the account menu's 'Who can message you'). */
  messageSettings: '/social_home/settings/messages',
  /** Whom the member blocked and muted, with undo (the account menu's 'Blocked and muted'). */
  blockedMembers: '/social_home/settings/blocked',
  /** The Account page (the account menu's 'Account'): email, password, devices, privacy (ADR 033). */
  account: '/social_home/settings/account',
  /** Where the email change's links land (`#token=`): the new address's confirmation and the old one's undo. */
  confirmEmail: '/confirm-email',
  undoEmailChange: '/undo-email-change',
  /** Warnings, removals and suspensions the member was told of, with their appeals. */
  accountStanding: '/social_home/settings/standing',
  /** Staff only (moderators and admins; anyone else gets the not-found page): the moderation queue. */
  moderation: '/social_home/moderation',
  /** Admins only: the audit log of every moderator action, and the roles. */
  moderationAudit: '/social_home/moderation/audit',
  moderationRoles: '/social_home/moderation/roles',
  /** The hauling board: My hauls (the account menu's 'Hauling'), a booking, the member's horses and papers. */
  hauling: '/social_home/hauling',
  haulBooking: (id: number | string) => `/social_home/hauling/bookings/${encodeURIComponent(String(id))}`,
  horses: '/social_home/hauling/horses',
  /** An event's Hauling tab. */
  eventHauling: (id: number | string) => `/social_home/event/${encodeURIComponent(String(id))}?tab=hauling`,
  /** Help Center, Feedback Submission and Contact us: one form, its topic in the query. */
  help: (topic: 'help' | 'feedback' | 'contact') => `/social_home/help?topic=${topic}`,
} as const;
