import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { Guard } from './guards/guard.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { memberArea } from './member-routes.tsx';
import { RouteError } from './route-error.tsx';

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
        ...lazyPage(() => import('./layouts/public-layout.tsx'), 'PublicLayout'),
        children: [
          { path: paths.home, ...lazyPage(() => import('../features/marketing/routes/home-page.tsx'), 'HomePage') },
          {
            path: paths.forgotPassword,
            ...lazyPage(() => import('../features/auth/routes/forgot-password-page.tsx'), 'ForgotPasswordPage'),
          },
          {
            path: paths.resetPassword,
            ...lazyPage(() => import('../features/auth/routes/reset-password-page.tsx'), 'ResetPasswordPage'),
          },
          ...staticRoutes(false),
          {
            path: paths.confirmEmail,
            ...lazyPage(() => import('../features/account/routes/confirm-email-page.tsx'), 'ConfirmEmailPage'),
          },
          {
            path: paths.undoEmailChange,
            ...lazyPage(() => import('../features/account/routes/undo-email-page.tsx'), 'UndoEmailPage'),
          },
          {
            path: paths.oauthCallback,
            ...lazyPage(() => import('../features/auth/routes/oauth-callback-page.tsx'), 'OAuthCallbackPage'),
          },
          {
            path: paths.newsletterUnsubscribe,
            ...lazyPage(() => import('../features/newsletter/routes/unsubscribe-page.tsx'), 'UnsubscribePage'),
          },
          {
            element: <Guard access="guest" />,
            children: [
              {
                path: paths.signUp,
                ...lazyPage(() => import('../features/auth/routes/sign-up-page.tsx'), 'SignUpPage'),
              },
              {
                id: 'signIn',
                path: paths.signIn,
                ...lazyPage(() => import('../features/auth/routes/sign-in-page.tsx'), 'SignInPage'),
              },
            ],
          },
          {
            element: <Guard access="onboarding" />,
            children: [
              {
                id: 'onBoard',
                path: paths.onBoard,
                ...lazyPage(() => import('../features/onboarding/routes/onboarding-page.tsx'), 'OnboardingPage'),
              },
            ],
          },
          {
            element: <Guard access="phone" />,
            children: [
              {
                id: 'phoneVerify',
                path: paths.phoneVerify,
                ...lazyPage(() => import('../features/phone/routes/phone-verify-page.tsx'), 'PhoneVerifyPage'),
              },
            ],
          },
          { path: '*', ...lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage') },
        ],
      },
      { element: <Guard access="member" />, children: [memberArea] },
    ],
  },
];
