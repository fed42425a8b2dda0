import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { UpcomingEventCard } from '../../../features/feed/components/upcoming-event-card.tsx';

/**
 * Friend requests, the upcoming event and contacts. The upcoming event is live; friend requests and
 * contacts come with the friends issue and show their honest empty states until then.
 */
export function RightSidebar() {
  return (
    <div className="flex flex-col gap-4">
      <SidebarCard title="Friends Requests">
        <p className="text-sm text-stone-500">No new friend requests.</p>
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
      <SidebarCard title="Contacts" action={<SearchIcon />}>
        <p className="text-sm text-stone-500">Your friends will show here.</p>
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
