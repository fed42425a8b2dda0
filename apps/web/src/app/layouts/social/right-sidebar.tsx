import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { UpcomingEventCard } from '../../../features/feed/components/upcoming-event-card.tsx';
import { Contacts } from '../../../features/friends/components/contacts.tsx';
import { FriendRequests } from '../../../features/friends/components/friend-requests.tsx';

/** Friend requests, the upcoming event and contacts. */
export function RightSidebar() {
  const [searching, setSearching] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <SidebarCard title="Friends Requests">
        <FriendRequests />
      </SidebarCard>
      <SidebarCard
        title="Upcoming Event"
        action={
          <Link to={paths.myEvents} className="text-sm font-semibold text-leather-700 hover:underline">
            See All
          </Link>
        }
      >
        <UpcomingEventCard />
      </SidebarCard>
      <SidebarCard
        title="Contacts"
        action={
          <button
            type="button"
            aria-label={searching ? 'Close the contacts search' : 'Search contacts'}
            aria-pressed={searching}
            onClick={() => setSearching((value) => !value)}
            className="rounded-full p-1.5 hover:bg-leather-50"
          >
            <SearchIcon />
          </button>
        }
      >
        <Contacts searching={searching} />
      </SidebarCard>
    </div>
  );
}

function SidebarCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold text-leather-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4 text-stone-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}
