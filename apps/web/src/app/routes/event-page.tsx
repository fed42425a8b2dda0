import { lazy, Suspense } from 'react';
import { EventDetailPage } from '../../features/events/routes/event-detail-page.tsx';

/** The Hauling tab's code loads when the tab is first shown (the event page's first load stays as it was). */
const HaulingTab = lazy(() =>
  import('../../features/hauling/components/hauling-tab.tsx').then((module) => ({ default: module.HaulingTab })),
);

function HaulingLoading() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1].map((n) => (
        <div key={n} className="h-40 animate-pulse rounded-2xl bg-leather-50" />
      ))}
    </div>
  );
}

/** The event page: the events feature's detail with the hauling board's tab (issue 19), composed here. */
export function EventPage() {
  return (
    <EventDetailPage
      hauling={(detail) => (
        <Suspense fallback={<HaulingLoading />}>
          <HaulingTab event={detail} />
        </Suspense>
      )}
    />
  );
}
