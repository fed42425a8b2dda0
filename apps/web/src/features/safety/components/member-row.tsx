import type { BlockedMember } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';

export interface MemberRowProps {
  member: BlockedMember;
  /** Under the name: since when ('Blocked Jan 5, 2026'). */
  note: string;
  /** The button: 'Unblock' or 'Unmute'. */
  action: string;
  onAction: () => void;
  /** Whether the name leads to the profile (not for a blocked member: their profile answers 404 to the blocker). */
  linked: boolean;
}

/** One member of the Blocked or the Muted list: photo, name, since when, and the button that undoes it. */
export function MemberRow({ member, note, action, onAction, linked }: MemberRowProps) {
  const name = `${member.first_name} ${member.last_name}`.trim();
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={member.avatar} name="" className="size-11" />
      <div className="min-w-0 flex-1">
        {linked ? (
          <Link
            to={paths.userProfile(member.id)}
            className="block font-semibold break-words text-leather-900 [overflow-wrap:anywhere] hover:underline"
          >
            {name}
          </Link>
        ) : (
          <p className="font-semibold break-words text-leather-900 [overflow-wrap:anywhere]">{name}</p>
        )}
        <p className="text-xs text-stone-500">{note}</p>
      </div>
      <Button variant="secondary" className="shrink-0" aria-label={`${action} ${name}`} onClick={onAction}>
        {action}
      </Button>
    </li>
  );
}
