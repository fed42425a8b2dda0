import { LIMITS, MESSAGES } from '@corral/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useLogOut } from './auth-api.ts';

/** Takes the member's drafts off this browser (ADR 023); the draft store is fetched only when needed. */
function forgetDraftsOf(member: string | undefined): void {
  if (member)
    void import('../../../lib/drafts.ts')
      .then(({ clearMemberDrafts }) => clearMemberDrafts(member))
      .catch((error: unknown) => console.warn('Could not remove the drafts', error));
}

/**
 * Logout as the spec has it: the token is revoked at once, the toast shows, and after 3 seconds the
 * stored session is cleared and the member lands on sign-in. A failed call still signs out locally. The
 * member's drafts go at once, whatever the server answers: the next person on this browser must not find them.
 */
export function useLogoutFlow() {
  const navigate = useNavigate();
  const mutation = useLogOut();
  const logout = () => {
    if (mutation.isPending) return;
    forgetDraftsOf(useSession.getState().currentUser?.id);
    mutation.mutate(undefined, {
      onSettled: () => {
        toast.success(MESSAGES.logout.success);
        setTimeout(() => {
          useSession.getState().clear();
          navigate(paths.signIn, { replace: true });
        }, LIMITS.redirectDelayMs);
      },
    });
  };
  return { logout, isPending: mutation.isPending || mutation.isSuccess || mutation.isError };
}
