import { PROFILE_MESSAGES } from '@corral/contract';
import { ProfileIcon } from './profile-icons.tsx';

/** What a private profile shows someone who is not a friend, instead of its posts and events. */
export function LockedNotice({ firstName }: { firstName: string }) {
  return (
    <section
      aria-label={PROFILE_MESSAGES.lockedTitle}
      className="flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-10 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-leather-100 text-leather-700">
        <ProfileIcon name="lock" className="size-7" />
      </span>
      <h2 className="font-display text-xl text-leather-900">{PROFILE_MESSAGES.lockedTitle}</h2>
      <p className="max-w-sm text-stone-600">{PROFILE_MESSAGES.lockedText(firstName || 'them')}</p>
    </section>
  );
}
