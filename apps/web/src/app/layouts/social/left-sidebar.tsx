import { Link, NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';

const links = [
  { label: 'Friends List', to: paths.friendList },
  { label: 'Event Types', to: paths.eventTypes },
  { label: 'Associations', to: paths.associationTypes },
  { label: 'My events', to: paths.myEvents },
  { label: 'Event history', to: paths.eventHistory },
];

export function LeftSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSession((state) => state.currentUser);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : 'User';
  return (
    <nav aria-label="Social sections" className="rounded-2xl bg-white p-4 shadow-sm">
      {user && (
        <Link
          to={paths.myProfile(user.id)}
          onClick={onNavigate}
          className="mb-3 flex items-center gap-3 rounded-xl p-2 hover:bg-leather-50"
        >
          <Avatar src={user.avatar} name="" />
          <span className="min-w-0 font-semibold break-words text-leather-900 [overflow-wrap:anywhere]">{name}</span>
        </Link>
      )}
      <ul className="space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-leather-100 text-leather-900' : 'text-stone-700 hover:bg-leather-50'}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
