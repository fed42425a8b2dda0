import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';

/** The moderation pages: the queue for all staff; the audit log and the roles for admins. */
export function ModerationNav() {
  const isAdmin = useSession((state) => state.currentUser?.role === 'admin');
  const links = [
    { to: paths.moderation, label: 'Queue' },
    ...(isAdmin
      ? [
          { to: paths.moderationAudit, label: 'Audit log' },
          { to: paths.moderationRoles, label: 'Roles' },
        ]
      : []),
  ];
  return (
    <nav aria-label="Moderation" className="flex flex-wrap gap-2">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            clsx(
              'rounded-full px-3 py-1.5 text-sm font-semibold',
              isActive ? 'bg-leather-700 text-white' : 'bg-white text-leather-800 shadow-sm hover:bg-leather-100',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
