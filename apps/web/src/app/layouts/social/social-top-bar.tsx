import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { MessagesMenu } from '../../../features/messages/components/messages-menu.tsx';
import { NotificationsMenu } from '../../../features/notifications/components/notifications-menu.tsx';
import { SearchBox } from '../../../features/search/components/search-box.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { Icon, type IconName } from '../../../ui/icons.tsx';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { MenuSheet } from './menu-sheet.tsx';
import { ProfileMenu } from './profile-menu.tsx';

const CreateEventModal = lazyDialog(() =>
  import('../../../features/events/components/create-event-modal.tsx').then((module) => module.CreateEventModal),
);

const iconLinkClass =
  'inline-flex size-10 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100';

/** The social area's top bar (spec "Social area"). */
export function SocialTopBar() {
  const user = useSession((state) => state.currentUser);
  // Phones: the search box stays hidden until its button opens it over the bar; closing it gives the focus back.
  const [searching, setSearching] = useState(false);
  const [creatingEvent, setCreatingEvent] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const closeSearch = () => {
    // Rendered at once: the button is inert while the search is open, and only a live button takes the focus.
    flushSync(() => setSearching(false));
    searchButton.current?.focus();
  };
  const shortcuts: { icon: IconName; label: string; to: string }[] = [
    { icon: 'home', label: 'Home', to: paths.friendList },
    { icon: 'heart', label: 'Event types', to: paths.eventTypes },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-leather-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4">
        {/* While the phone's search box lies over the bar, what it covers is out of reach (no hidden focus). */}
        <div inert={searching} className="contents">
          <MenuSheet />
        </div>
        <Link to={paths.friendList} aria-label="Corral timeline" className="shrink-0" inert={searching}>
          <img
            src="/assets/img/logo-light.svg"
            alt="Corral"
            width={133}
            height={32}
            className="hidden h-8 w-auto sm:block"
          />
          <img src="/assets/img/logo-mark.svg" alt="Corral" width={32} height={32} className="size-8 sm:hidden" />
        </Link>
        <SearchBox phoneOpen={searching} onPhoneClose={closeSearch} />
        <nav aria-label="Shortcuts" className="ml-auto flex items-center gap-1" inert={searching}>
          <button
            ref={searchButton}
            type="button"
            aria-label="Search"
            title="Search"
            aria-expanded={searching}
            onClick={() => setSearching(true)}
            className={`${iconLinkClass} md:hidden`}
          >
            <Icon name="search" />
          </button>
          {shortcuts.map((item) => (
            <Link
              key={item.icon}
              to={item.to}
              aria-label={item.label}
              title={item.label}
              className={`${iconLinkClass} max-sm:hidden`}
            >
              <Icon name={item.icon} />
            </Link>
          ))}
          <button
            type="button"
            aria-label="Create event"
            title="Create event"
            aria-haspopup="dialog"
            onClick={() => setCreatingEvent(true)}
            onPointerEnter={CreateEventModal.preload}
            onFocus={CreateEventModal.preload}
            className={iconLinkClass}
          >
            <Icon name="plus" />
          </button>
          <CreateEventModal open={creatingEvent} onOpenChange={setCreatingEvent} />
          <MessagesMenu />
          {user && (
            <Link
              to={paths.myProfile(user.id)}
              aria-label="My profile"
              title="My profile"
              className={`${iconLinkClass} max-sm:hidden`}
            >
              <Icon name="user" />
            </Link>
          )}
          <NotificationsMenu />
          <ProfileMenu />
        </nav>
      </div>
    </header>
  );
}
