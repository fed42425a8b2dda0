import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Icon } from '../../../ui/icons.tsx';

/**
 * The post-area search bar: the member's image, a search box, and an image link that opens the Create
 * Post modal at the photo picker. Search filters the loaded feed by text (`onSearch`).
 */
export function PostAreaSearch({
  onOpenPhotos,
  onSearch,
}: {
  onOpenPhotos: () => void;
  onSearch: (q: string) => void;
}) {
  const user = useSession((state) => state.currentUser);
  const [query, setQuery] = useState('');
  const id = useId();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(query.trim());
  }

  return (
    <search>
      {/* Tighter on phones, and no room kept for the (invisible) clear button while empty: the spec's placeholder
          shows whole at 360 px. */}
      <form onSubmit={submit} className="flex items-center gap-2 rounded-2xl bg-white p-3 shadow-sm sm:gap-3">
        <Avatar src={user?.profile_image} name={name} className="size-9" />
        <label htmlFor={id} className="sr-only">
          Search the feed
        </label>
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            if (event.target.value === '') onSearch('');
          }}
          placeholder="Search entire store here"
          className="min-h-10 min-w-0 flex-1 rounded-full bg-leather-50 px-3 text-base sm:px-4 placeholder:text-stone-500 [&:placeholder-shown::-webkit-search-cancel-button]:hidden focus:bg-white focus:outline-2 focus:outline-leather-500"
        />
        <button
          type="button"
          onClick={onOpenPhotos}
          aria-label="Add photos to a new post"
          className="rounded-full p-2 text-sage-600 hover:bg-leather-50"
        >
          <Icon name="image" className="size-6" />
        </button>
      </form>
    </search>
  );
}
