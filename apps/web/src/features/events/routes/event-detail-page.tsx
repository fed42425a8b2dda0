import type { EventDetail } from '@corral/contract';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EventDetailModal } from '../components/event-detail-modal.tsx';

/**
 * /social_home/event/:id: the event detail modal at its own URL; closing goes back (or to the timeline). With
 * `hauling` (src/app/routes/event-page.tsx), the About and Hauling tabs, the chosen one in `?tab=hauling`.
 */
export function EventDetailPage({ hauling }: { hauling?: (detail: EventDetail) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'hauling' ? 'hauling' : 'about';
  const navigate = useNavigate();
  const eventId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const close = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(paths.friendList, { replace: true });
  };
  return (
    <EventDetailModal
      id={eventId}
      open
      onOpenChange={(open) => !open && close()}
      suggested={search.get('suggested') === '1'}
      hauling={hauling}
      tab={tab}
      onTabChange={(next) =>
        setSearch(
          (current) => {
            const params = new URLSearchParams(current);
            if (next === 'hauling') params.set('tab', 'hauling');
            else params.delete('tab');
            return params;
          },
          { replace: true },
        )
      }
    />
  );
}
