import { FEED_MESSAGES } from '@corral/contract';
import { useSession } from '../../../../lib/session-store.ts';
import { Avatar } from '../../../../ui/avatar.tsx';
import { Icon } from '../../../../ui/icons.tsx';

/** The composer at the top of the feed: opens the Create Post modal, at the photo picker from Photo. */
export function CreatePostBox({ onOpen }: { onOpen: (mode: 'text' | 'photo') => void }) {
  const user = useSession((state) => state.currentUser);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <section aria-label="Create a post" className="rounded-2xl bg-white p-3 shadow-sm sm:p-4">
      {/* Tighter on phones, so that "What's on your mind?" fits on one line at 360 px. */}
      <div className="flex items-center gap-2 sm:gap-3">
        <Avatar src={user?.profile_image} name={name} />
        <button
          type="button"
          onClick={() => onOpen('text')}
          className="min-h-11 flex-1 rounded-full bg-leather-50 px-4 text-left text-stone-500 hover:bg-leather-100"
        >
          {FEED_MESSAGES.createPostPlaceholder}
        </button>
        <button
          type="button"
          onClick={() => onOpen('photo')}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-leather-800 hover:bg-leather-50"
        >
          <Icon name="image" className="size-5 text-sage-600" />
          <span className="hidden sm:inline">Photo</span>
          <span className="sr-only sm:hidden">Add a photo</span>
        </button>
      </div>
    </section>
  );
}
