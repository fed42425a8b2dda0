import { MODERATION_MESSAGES, ROLES, type Role, type StaffMember } from '@corral/contract';
import { useId } from 'react';
import { Avatar } from '../../../ui/avatar.tsx';
import { fullName } from './action-words.ts';
import { Badge } from './badge.tsx';
import { ROLE_LABELS, ROLE_TONES } from './subject-history.tsx';

/** One member of the roles page: who, their role, and a choice of role (not for oneself). */
export function MemberRoleRow({
  member,
  isSelf,
  busy,
  onChoose,
}: {
  member: StaffMember;
  isSelf: boolean;
  busy: boolean;
  onChoose: (member: StaffMember, role: Role) => void;
}) {
  const selectId = useId();
  const name = fullName(member) || member.email;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 shadow-sm">
      <Avatar src={member.avatar} name="" className="size-10" />
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-leather-900">
          <span className="[overflow-wrap:anywhere]">{name}</span>
          <Badge tone={ROLE_TONES[member.role]}>{ROLE_LABELS[member.role]}</Badge>
        </p>
        <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{member.email}</p>
        {isSelf && <p className="text-xs text-stone-500">{MODERATION_MESSAGES.cannotChangeOwnRole}</p>}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm text-stone-700">
          <span className="sr-only">Role of {name}</span>
          <span aria-hidden="true">Role</span>
        </label>
        <select
          id={selectId}
          value={member.role}
          disabled={isSelf || busy}
          aria-busy={busy || undefined}
          onChange={(event) => onChoose(member, event.target.value as Role)}
          className="min-h-10 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-base text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200 disabled:bg-stone-100 disabled:text-stone-500"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}
