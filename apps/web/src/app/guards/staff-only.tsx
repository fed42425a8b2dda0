import type { Role } from '@corral/contract';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { SITE_NAME } from '../../config/page-meta.ts';
import { useSession } from '../../lib/session-store.ts';
import { NotFoundPage } from '../not-found-page.tsx';

/** Who may open a staff page: moderators and admins, or admins only (ADR 028). */
export function isStaff(role: Role | undefined, access: 'moderator' | 'admin' = 'moderator'): boolean {
  return role === 'admin' || (access === 'moderator' && role === 'moderator');
}

/**
 * The moderation pages' layout route, inside the member area (whose guard has signed the viewer in): anyone
 * whose role does not admit them gets the app's not-found page, as for an address that does not exist. The
 * server answers them as for a missing route too; this only keeps the pages out of their way.
 */
function StaffOnly({ access }: { access: 'moderator' | 'admin' }) {
  const role = useSession((state) => state.currentUser?.role);
  const allowed = isStaff(role, access);
  // The address names a staff page; a missing page's title says nothing of it (after the root's layout effect).
  useEffect(() => {
    if (!allowed) document.title = SITE_NAME;
  });
  return allowed ? <Outlet /> : <NotFoundPage />;
}

export const ModeratorsOnly = () => <StaffOnly access="moderator" />;
export const AdminsOnly = () => <StaffOnly access="admin" />;
