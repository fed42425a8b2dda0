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
const EditPostModal = lazyDialog(() => import('./edit-post-modal.tsx').then((module) => module.EditPostModal));
const DeletePostDialog = lazyDialog(() => import('./delete-post-dialog.tsx').then((module) => module.DeletePostDialog));

type Dialog = 'report' | 'edit' | 'delete' | null;

/**
 * A post card's header dropdown: Edit (one's own post, or the comment of one's own share) and Delete (one's own
 * post or share), Report (not on one's own items) and View Detail. An event is edited and deleted on its page.
 */
export function PostOptions({ item }: { item: FeedItem }) {
  const navigate = useNavigate();
  const me = useSession((state) => state.currentUser?.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // A '3' or '6' is the sharer's own row, though it shows the original's author.
  const mine = (item.shared_by_user_id ?? item.user_id) === me;
  const isEvent = item.type === '4';
  // A share without a comment ('3', '6') has no text of its own.
  const canEdit = mine && (item.type === '1' || item.type === '2' || item.type === '5');
  const canDelete = mine && !isEvent;
  const preload = mine ? () => (canEdit ? EditPostModal : DeletePostDialog).preload() : ReportModal.preload;

  const close = (open: boolean) => {
    if (open) return;
    setDialog(null);
    refocus(trigger);
  };

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
            onPointerEnter={preload}
            onFocus={preload}
            className="rounded-full p-2 text-stone-500 hover:bg-leather-50 hover:text-leather-900 data-[state=open]:bg-leather-50"
          >
            <Icon name="more" className="size-5" strokeWidth={3} />
          </button>
        }
      >
        {canEdit && (
          <MenuItem icon="pencil" onSelect={() => setDialog('edit')}>
            Edit
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem icon="trash" tone="danger" onSelect={() => setDialog('delete')}>
            Delete
          </MenuItem>
        )}
        {!mine && (
          <MenuItem icon="flag" onSelect={() => setDialog('report')}>
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
      {!mine && (
        <ReportModal
          target={{ type: item.type === '4' || item.type === '6' ? 'event' : 'post', id: item.id }}
          open={dialog === 'report'}
          onOpenChange={close}
        />
      )}
      {canEdit && <EditPostModal item={item} open={dialog === 'edit'} onOpenChange={close} />}
      {canDelete && (
        <DeletePostDialog
          item={item}
          opener={trigger}
          open={dialog === 'delete'}
          onOpenChange={close}
          onDeleted={() => setDialog(null)}
        />
      )}
    </>
  );
}
