import { useParams } from 'react-router';

/** Another member's profile; its header, friendship actions and posts arrive with the profiles issue. */
export function UserProfilePage() {
  const { id } = useParams();
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm" data-user-id={id}>
      <h1 className="font-display text-2xl text-leather-900">Profile</h1>
      <p className="mt-2 text-stone-600">Member profiles are on their way.</p>
    </section>
  );
}
