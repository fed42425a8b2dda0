import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import type { SocialRouteHandle } from './layouts/social-layout.tsx';
import { lazyPage } from './lazy-page.ts';

/**
 * The member area: the social layout and the pages shown in it, each loaded on first visit. Kept apart from
 * the public routes (routes.tsx) so that the build can tell the two areas' code apart by this file's imports
 * (scripts/chunk-plan.ts groups what the layout shares with these pages).
 */
export const memberArea: RouteObject = {
  path: paths.socialHome,
  ...lazyPage(() => import('./layouts/social-layout.tsx'), 'SocialLayout'),
  children: [
    { index: true, element: <Navigate to={paths.friendList} replace /> },
    {
      id: 'FriendList',
      path: 'friend-list',
      ...lazyPage(() => import('../features/feed/routes/friend-list-page.tsx'), 'FriendListPage'),
    },
    {
      id: 'PostDetail',
      path: 'post/:id',
      ...lazyPage(() => import('../features/feed/routes/post-detail-page.tsx'), 'PostDetailPage'),
    },
    {
      id: 'EventDetail',
      path: 'event/:id',
      ...lazyPage(() => import('./routes/event-page.tsx'), 'EventPage'),
    },
    { path: 'event-types', ...lazyPage(() => import('./routes/section-pages.tsx'), 'EventTypesPage') },
    {
      path: 'association-types',
      ...lazyPage(() => import('./routes/section-pages.tsx'), 'AssociationTypesPage'),
    },
    { path: 'my-events', ...lazyPage(() => import('./routes/section-pages.tsx'), 'MyEventsPage') },
    { path: 'event-history', ...lazyPage(() => import('./routes/section-pages.tsx'), 'EventHistoryPage') },
    {
      id: 'UserProfile',
      path: 'profile/:id',
      ...lazyPage(() => import('../features/profile/routes/user-profile-page.tsx'), 'UserProfilePage'),
    },
    {
      id: 'MyProfile',
      path: 'myprofile/:id',
      ...lazyPage(() => import('../features/profile/routes/my-profile-page.tsx'), 'MyProfilePage'),
    },
    {
      id: 'Search',
      path: 'search',
      ...lazyPage(() => import('../features/search/routes/search-page.tsx'), 'SearchPage'),
    },
    {
      // Direct messages: the boxes, a conversation beside them, and writing to a member. One page for the three
      // addresses (it reads the children's params), so that opening a conversation keeps the list as it was.
      id: 'Messages',
      path: 'messages',
      handle: { wide: true } satisfies SocialRouteHandle,
      ...lazyPage(() => import('../features/messages/routes/messages-page.tsx'), 'MessagesPage'),
      children: [
        { id: 'MessageBoxes', index: true },
        { id: 'Conversation', path: ':id' },
        { id: 'NewConversation', path: 'new/:userId' },
      ],
    },
    {
      id: 'MessageSettings',
      path: 'settings/messages',
      ...lazyPage(() => import('../features/messages/routes/message-settings-page.tsx'), 'MessageSettingsPage'),
    },
    {
      id: 'BlockedMembers',
      path: 'settings/blocked',
      ...lazyPage(() => import('../features/safety/routes/blocked-members-page.tsx'), 'BlockedMembersPage'),
    },
    {
      id: 'Account',
      path: 'settings/account',
      ...lazyPage(() => import('./routes/account-route.tsx'), 'AccountRoute'),
    },
    {
      id: 'AccountStanding',
      path: 'settings/standing',
      ...lazyPage(() => import('../features/safety/routes/account-standing-page.tsx'), 'AccountStandingPage'),
    },
    {
      // Staff only: the guard answers anyone else with the not-found page.
      path: 'moderation',
      ...lazyPage(() => import('./guards/staff-only.tsx'), 'ModeratorsOnly'),
      children: [
        {
          id: 'ModerationQueue',
          index: true,
          ...lazyPage(() => import('../features/moderation/routes/queue-page.tsx'), 'QueuePage'),
        },
        {
          ...lazyPage(() => import('./guards/staff-only.tsx'), 'AdminsOnly'),
          children: [
            {
              id: 'ModerationAudit',
              path: 'audit',
              ...lazyPage(() => import('../features/moderation/routes/audit-page.tsx'), 'AuditPage'),
            },
            {
              id: 'ModerationRoles',
              path: 'roles',
              ...lazyPage(() => import('../features/moderation/routes/roles-page.tsx'), 'RolesPage'),
            },
          ],
        },
      ],
    },
    {
      id: 'MyHauls',
      path: 'hauling',
      ...lazyPage(() => import('../features/hauling/routes/my-hauls-page.tsx'), 'MyHaulsPage'),
    },
    {
      id: 'HaulBooking',
      path: 'hauling/bookings/:id',
      ...lazyPage(() => import('../features/hauling/routes/booking-page.tsx'), 'BookingPage'),
    },
    {
      id: 'Horses',
      path: 'hauling/horses',
      ...lazyPage(() => import('../features/hauling/routes/horses-page.tsx'), 'HorsesPage'),
    },
    {
      id: 'Help',
      path: 'help',
      ...lazyPage(() => import('../features/help/routes/help-page.tsx'), 'HelpPage'),
    },
  ],
};
