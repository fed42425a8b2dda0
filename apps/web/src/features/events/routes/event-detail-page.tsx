import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EventDetailModal } from '../components/event-detail-modal.tsx';

/** /social_home/event/:id: the event detail modal at its own URL; closing goes back (or to the timeline). */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
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
    />
  );
}
