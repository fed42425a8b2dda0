import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Logo } from '../../ui/logo.tsx';

const columns = [
  {
    title: 'Product',
    links: [
      { label: 'Timeline', to: paths.friendList },
      { label: 'Sign up', to: paths.signUp },
      { label: 'Log in', to: paths.signIn },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'About us', to: paths.aboutUs },
      { label: 'Privacy policy', to: paths.privacyPolicy },
      { label: 'Terms and conditions', to: paths.terms },
      { label: 'Deletion policy', to: paths.deletionPolicy },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-leather-950 text-leather-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo variant="dark" />
          <p className="mt-3 text-sm text-leather-200">
            The social and events app for the rodeo and western community.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="font-semibold text-white">Get the app</h2>
          <p className="mt-3 text-sm text-leather-200">Corral for iPhone and Android is on its way to the stores.</p>
        </div>
      </div>
      <p className="border-t border-leather-900 py-4 text-center text-xs text-leather-300">
        © 2025 Corral. All rights reserved.
      </p>
    </footer>
  );
}
