import { NEWSLETTER_EMAIL_MAX } from '@corral/contract';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { useEnhance } from '../../site/use-enhance.ts';
import { BrandLink } from './top-nav.tsx';

interface FooterLink {
  label: string;
  href: string;
  /** A sign-up call: not shown to members. */
  guestOnly?: boolean;
}

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: `${paths.home}#features` },
      { label: 'Timeline', href: paths.socialHome },
      { label: 'Sign up free', href: paths.signUp, guestOnly: true },
      { label: 'Log in', href: paths.signIn, guestOnly: true },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'About us', href: paths.aboutUs },
      { label: 'Privacy policy', href: paths.privacyPolicy },
      { label: 'Terms and conditions', href: paths.terms },
      { label: 'Deletion policy', href: paths.deletionPolicy },
    ],
  },
  {
    title: 'Get the app',
    links: [
      { label: 'iPhone (App Store)', href: `${paths.home}#download` },
      { label: 'Android (Google Play)', href: `${paths.home}#download` },
      { label: 'Corral on the web', href: paths.socialHome },
    ],
  },
];

/** Corral's accounts; the icons are drawn by us (24px grid, currentColor). */
const SOCIAL: { label: string; href: string; icon: ReactNode }[] = [
  {
    label: 'Corral on Facebook',
    href: 'https://www.facebook.com/corralapp',
    icon: <path d="M14 8h3V4.5h-3a4 4 0 0 0-4 4V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V8.8A.8.8 0 0 1 14 8z" />,
  },
  {
    label: 'Corral on Instagram',
    href: 'https://www.instagram.com/corralapp',
    icon: (
      <path
        fillRule="evenodd"
        d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM16.8 6a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z"
      />
    ),
  },
  {
    label: 'Corral on YouTube',
    href: 'https://www.youtube.com/@corralapp',
    icon: (
      <path
        fillRule="evenodd"
        d="M4.5 5.5C7 5 17 5 19.5 5.5A2.5 2.5 0 0 1 21.5 7.6c.4 2.9.4 5.9 0 8.8a2.5 2.5 0 0 1-2 2.1C17 19 7 19 4.5 18.5a2.5 2.5 0 0 1-2-2.1 31 31 0 0 1 0-8.8 2.5 2.5 0 0 1 2-2.1zM10 9v6l5.2-3z"
      />
    ),
  },
  {
    label: 'Corral on TikTok',
    href: 'https://www.tiktok.com/@corralapp',
    icon: (
      <path d="M13 3h3a4.5 4.5 0 0 0 4.5 4.5v3A7.4 7.4 0 0 1 16 9v6.5A5.5 5.5 0 1 1 10.5 10v3.1a2.5 2.5 0 1 0 2.5 2.4z" />
    ),
  },
];

/** The footer of the public pages: link columns, the newsletter, social links, the year, the logo home. */
export function SiteFooter() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const ref = useEnhance<HTMLElement>();
  return (
    <footer ref={ref} className="mt-auto bg-leather-950 text-leather-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1fr] lg:gap-8">
        <div className="sm:col-span-2 lg:col-span-1">
          <BrandLink variant="dark" />
          <p className="mt-3 max-w-xs text-sm text-leather-200">
            The social and events app for the rodeo and western community: riders, organisers and fans.
          </p>
          <ul className="mt-5 flex gap-2">
            {SOCIAL.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  rel="noopener"
                  className="flex size-10 items-center justify-center rounded-full bg-leather-900 text-leather-100 hover:bg-leather-800 hover:text-white"
                >
                  <svg viewBox="0 0 24 24" width={20} height={20} fill="currentColor" aria-hidden="true">
                    {item.icon}
                  </svg>
                  <span className="sr-only">{item.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links
                .filter((link) => !(link.guestOnly && isLoggedIn))
                .map((link) => (
                  <li key={link.label} data-guest-only={link.guestOnly ? '' : undefined}>
                    <a href={link.href} className="text-leather-100 hover:text-white hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-leather-900">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[1fr_minmax(0,28rem)] md:items-center">
          <div>
            <h2 className="font-semibold text-white">Newsletter</h2>
            <p className="mt-1 text-sm text-leather-200">
              New features, rodeo season picks and community stories, about once a month. Unsubscribe any time.
            </p>
          </div>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-leather-900">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-xs text-leather-300 sm:text-left">
          © <span data-year>{new Date().getFullYear()}</span> Corral. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** Works as a plain form without JavaScript; site/enhance.ts sends it as JSON and shows the answer. */
function NewsletterForm() {
  return (
    <form data-newsletter action="/api/newsletter" method="post" className="w-full">
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* Its own name: the sign-in and sign-up forms on the same page have an "Email Address" field. */}
        <label htmlFor="newsletter-email" className="sr-only">
          Email for the newsletter
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={NEWSLETTER_EMAIL_MAX}
          autoComplete="email"
          placeholder="you@example.com"
          className="min-w-0 flex-1 rounded-lg border border-leather-700 bg-leather-900 px-3 py-2.5 text-white placeholder:text-leather-300 aria-[invalid=true]:border-red-300"
        />
        <button
          type="submit"
          className="rounded-lg bg-white px-5 py-2.5 font-semibold text-leather-900 hover:bg-leather-100 disabled:cursor-wait disabled:opacity-75"
        >
          Subscribe
        </button>
      </div>
      <p
        id="newsletter-status"
        role="status"
        data-newsletter-status
        className="mt-2 min-h-5 text-sm data-[tone=error]:text-red-300 data-[tone=success]:text-green-300"
      />
    </form>
  );
}
