import type { FeedItem } from '@corral/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { eventIdOf } from '../../../ui/items/event-facts.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Menu, MenuItem } from '../../../ui/menu.tsx';

const ReportModal = lazyDialog(() => import('./report-modal.tsx').then((module) => module.ReportModal));

/** A post card's header dropdown: Report (not on one's own items) and View Detail. */
export function PostOptions({ item }: { item: FeedItem }) {
  const navigate = useNavigate();
  const me = useSession((state) => state.currentUser?.id);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // A '3' or '6' is the sharer's own row, though it shows the original's author.
  const mine = (item.shared_by_user_id ?? item.user_id) === me;
  return (
    <>
      <Menu
        className="min-w-44"
        sideOffset={4}
        trigger={
          <button
            ref={trigger}
            type="button"
            aria-label="Post options"
            onPointerEnter={mine ? undefined : ReportModal.preload}
            onFocus={mine ? undefined : ReportModal.preload}
            className="rounded-full p-2 text-stone-500 hover:bg-leather-50 hover:text-leather-900 data-[state=open]:bg-leather-50"
          >
            <Icon name="more" className="size-5" strokeWidth={3} />
          </button>
        }
      >
        {!mine && (
          <MenuItem icon="flag" onSelect={() => setReporting(true)}>
            Report
          </MenuItem>
        )}
        <MenuItem
          icon="chevronRight"
          onSelect={() =>
            navigate(item.type === '4' || item.type === '6' ? paths.event(eventIdOf(item)) : paths.postDetail(item.id))
          }
        >
          View Detail
        </MenuItem>
      </Menu>
      <ReportModal
        itemId={item.id}
        open={reporting}
        onOpenChange={(open) => {
          setReporting(open);
          if (!open) refocus(trigger);
        }}
      />
    </>
  );
}
