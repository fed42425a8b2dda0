import type { Role, StaffMember } from '@corral/contract';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useMembers, useSetRole } from '../api/members.ts';
import { fullName } from '../components/action-words.ts';
import { MemberRoleRow } from '../components/member-role-row.tsx';
import { ModerationNav } from '../components/moderation-nav.tsx';

const AS_ROLE: Record<Role, string> = { member: 'a member', moderator: 'a moderator', admin: 'an admin' };

/**
 * Roles (admins only): find members by name or email (the staff first when the search is empty) and make
 * them a member, a moderator or an admin. Making an admin asks first; one's own role cannot change.
 */
export function RolesPage() {
  const me = useSession((state) => state.currentUser?.id);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const members = useMembers(q);
  const setRole = useSetRole();
  const [confirming, setConfirming] = useState<StaffMember | null>(null);

  function give(member: StaffMember, role: Role) {
    setConfirming(null);
    setRole.mutate(
      { member, role },
      {
        onSuccess: ({ data }) => toast.success(`${fullName(data) || data.email} is now ${AS_ROLE[data.role]}.`),
        onError: (error) => toast.error(error instanceof ApiError ? error.message : 'The role could not be changed.'),
      },
    );
  }

  function choose(member: StaffMember, role: Role) {
    if (role === member.role) return;
    if (role === 'admin') setConfirming(member);
    else give(member, role);
  }

  const list = members.data?.data ?? [];
  return (
    <section aria-labelledby="roles-heading" className="flex min-w-0 flex-col gap-4">
      <ModerationNav />
      <div>
        <h1 id="roles-heading" className="font-display text-2xl text-leather-900">
          Roles
        </h1>
        <p className="text-sm text-stone-600">
          Moderators decide reported cases. Admins also read the audit log and give roles.
        </p>
      </div>
      <TextField
        label="Search members"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Name or email"
        autoComplete="off"
        maxLength={100}
      />
      {members.isError && (
        <p role="alert" className="rounded-2xl bg-white p-4 text-red-700 shadow-sm">
          {members.error.message}
        </p>
      )}
      {members.isSuccess && list.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">No member matches “{q}”.</p>
      )}
      <ul aria-label="Members" aria-busy={members.isFetching} className="flex flex-col gap-2">
        {list.map((member) => (
          <MemberRoleRow
            key={member.id}
            member={member}
            isSelf={member.id === me}
            busy={setRole.isPending && setRole.variables.member.id === member.id}
            onChoose={choose}
          />
        ))}
      </ul>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Make an admin?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button onClick={() => confirming && give(confirming, 'admin')}>Make admin</Button>
          </>
        }
      >
        <p className="text-stone-800">
          {confirming ? fullName(confirming) || confirming.email : 'This member'} will read the audit log and give
          roles, admin included. Only another admin can take it back.
        </p>
      </Modal>
    </section>
  );
}
