import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMyBlocks } from '../../../entities/safety/api/me-blocks.ts';
import { AccountSection } from './account-section.tsx';

const members = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/** Blocked and muted: how many, and the page that lists them with undo. */
export function BlockedSection() {
  const lists = useMyBlocks();
  return (
    <AccountSection id="blocked" title="Blocked and muted">
      {lists.data && (
        <p className="text-sm text-stone-700">
          You blocked {members(lists.data.blocked.length)} and muted {members(lists.data.muted.length)}.
        </p>
      )}
      <Link to={paths.blockedMembers} className="mt-2 inline-block font-semibold text-leather-700 underline">
        Manage blocked and muted members
      </Link>
    </AccountSection>
  );
}
