/** Every route of the web app with the spec's names; build links from here, never by hand. */
export const paths = {
  home: '/',
  signUp: '/sign-up',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
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
  /** Help Center, Feedback Submission and Contact us: one form, its topic in the query. */
  help: (topic: 'help' | 'feedback' | 'contact') => `/social_home/help?topic=${topic}`,
} as const;
