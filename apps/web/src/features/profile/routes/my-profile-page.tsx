import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { DeleteAccountButton } from '../components/delete-account-button.tsx';

/** The member's own profile. Counts and posts arrive with the profile issue. */
export function MyProfilePage() {
  const user = useSession((state) => state.currentUser);
  const verified = useSession((state) => state.verified);
  if (!user || !verified) {
    return <p className="rounded-2xl bg-white p-6 text-stone-600 shadow-sm">Loading your profile... please wait.</p>;
  }
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <section className="overflow-hidden rounded-2xl bg-white shadow-sm">
      <div className="h-24 bg-gradient-to-r from-leather-800 to-leather-500" />
      <div className="flex flex-wrap items-end justify-between gap-4 px-6 pb-6">
        <div className="flex items-end gap-4">
          <Avatar src={user.avatar} name={name} className="-mt-10 size-20 border-4 border-white" />
          <div className="pt-3">
            <h1 className="font-display text-2xl text-leather-900">{name}</h1>
            <p className="text-sm text-stone-500">Public account</p>
          </div>
        </div>
        <DeleteAccountButton />
      </div>
    </section>
  );
}
