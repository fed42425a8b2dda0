import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { Guard } from './guards/guard.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Named exports of lazily loaded route modules, as React Router's `lazy` expects them. */
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
});

const pages = () => import('../features/pages/routes/static-pages.tsx');
const STATIC_PAGES = [
  ['privacy', paths.privacyPolicy, paths.privacyPolicyBare],
  ['terms', paths.terms, paths.termsBare],
  ['deletion', paths.deletionPolicy, paths.deletionPolicyBare],
  ['about', paths.aboutUs, paths.aboutUsBare],
] as const;
const staticRoutes = (bare: boolean): RouteObject[] =>
  STATIC_PAGES.map(([key, dashed, underscored]) => ({
    path: bare ? underscored : dashed,
    lazy: async () => {
      const { StaticPage } = await pages();
      return { element: <StaticPage page={key} bare={bare} /> };
    },
  }));

/** Every route of the web app; the browser router (router.ts) and the prerender (prerender.tsx) share them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // The bare static pages: content only, no header, footer or breadcrumb.
      ...staticRoutes(true),
      {
        // Lazy: the social area never loads the public header, footer and their script.
        ...page(() => import('./layouts/public-layout.tsx'), 'PublicLayout'),
        children: [
          { path: paths.home, ...page(() => import('../features/marketing/routes/home-page.tsx'), 'HomePage') },
          {
            path: paths.forgotPassword,
            ...page(() => import('../features/auth/routes/forgot-password-page.tsx'), 'ForgotPasswordPage'),
          },
          {
            path: paths.resetPassword,
            ...page(() => import('../features/auth/routes/reset-password-page.tsx'), 'ResetPasswordPage'),
          },
          ...staticRoutes(false),
          {
            path: paths.newsletterUnsubscribe,
            ...page(() => import('../features/newsletter/routes/unsubscribe-page.tsx'), 'UnsubscribePage'),
          },
          {
            element: <Guard access="guest" />,
            children: [
              { path: paths.signUp, ...page(() => import('../features/auth/routes/sign-up-page.tsx'), 'SignUpPage') },
              {
                id: 'signIn',
                path: paths.signIn,
                ...page(() => import('../features/auth/routes/sign-in-page.tsx'), 'SignInPage'),
              },
            ],
          },
          {
            element: <Guard access="onboarding" />,
            children: [
              {
                id: 'onBoard',
                path: paths.onBoard,
                ...page(() => import('../features/onboarding/routes/onboarding-page.tsx'), 'OnboardingPage'),
              },
            ],
          },
          {
            element: <Guard access="phone" />,
            children: [
              {
                id: 'phoneVerify',
                path: paths.phoneVerify,
                ...page(() => import('../features/phone/routes/phone-verify-page.tsx'), 'PhoneVerifyPage'),
              },
            ],
          },
          { path: '*', ...page(() => import('./not-found-page.tsx'), 'NotFoundPage') },
        ],
      },
      {
        element: <Guard access="member" />,
        children: [
          {
            path: paths.socialHome,
            ...page(() => import('./layouts/social-layout.tsx'), 'SocialLayout'),
            children: [
              { index: true, element: <Navigate to={paths.friendList} replace /> },
              {
                id: 'FriendList',
                path: 'friend-list',
                ...page(() => import('../features/feed/routes/friend-list-page.tsx'), 'FriendListPage'),
              },
              {
                id: 'PostDetail',
                path: 'post/:id',
                ...page(() => import('../features/feed/routes/post-detail-page.tsx'), 'PostDetailPage'),
              },
              {
                id: 'EventDetail',
                path: 'event/:id',
                ...page(() => import('../features/events/routes/event-detail-page.tsx'), 'EventDetailPage'),
              },
              { path: 'event-types', ...page(() => import('./routes/section-pages.tsx'), 'EventTypesPage') },
              {
                path: 'association-types',
                ...page(() => import('./routes/section-pages.tsx'), 'AssociationTypesPage'),
              },
              { path: 'my-events', ...page(() => import('./routes/section-pages.tsx'), 'MyEventsPage') },
              { path: 'event-history', ...page(() => import('./routes/section-pages.tsx'), 'EventHistoryPage') },
              {
                id: 'UserProfile',
                path: 'profile/:id',
                ...page(() => import('../features/profile/routes/user-profile-page.tsx'), 'UserProfilePage'),
              },
              {
                id: 'MyProfile',
                path: 'myprofile/:id',
                ...page(() => import('../features/profile/routes/my-profile-page.tsx'), 'MyProfilePage'),
              },
              {
                id: 'Search',
                path: 'search',
                ...page(() => import('../features/search/routes/search-page.tsx'), 'SearchPage'),
              },
              {
                id: 'Help',
                path: 'help',
                ...page(() => import('../features/help/routes/help-page.tsx'), 'HelpPage'),
              },
            ],
          },
        ],
      },
    ],
  },
];
