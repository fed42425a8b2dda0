import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { useFriends } from '../api/friends-api.ts';

/** Contacts: the member's friends; the search icon opens a filter on the start of a name. */
export function Contacts({ searching }: { searching: boolean }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const inputId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!searching) setText('');
  }, [searching]);
  const friends = useFriends(searching ? q : '');
  const list = friends.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      {searching && (
        <>
          <label htmlFor={inputId} className="sr-only">
            Search contacts
          </label>
          <input
            id={inputId}
            // biome-ignore lint/a11y/noAutofocus: the member just asked to search by pressing the icon
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search contacts"
            className="rounded-lg border border-leather-100 px-3 py-1.5 text-sm"
          />
        </>
      )}
      {friends.isPending ? (
        <p className="text-sm text-stone-500">Loading…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-stone-500">
          {q && searching ? 'No friend by that name.' : 'Your friends will show here.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((friend) => (
            <li key={friend.id}>
              <Link
                to={paths.userProfile(friend.id)}
                className="flex items-center gap-3 rounded-lg p-1 hover:bg-leather-50"
              >
                <Avatar src={friend.user_image} name={friend.name} className="size-8" />
                <span className="truncate text-sm font-medium text-leather-900">{friend.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
