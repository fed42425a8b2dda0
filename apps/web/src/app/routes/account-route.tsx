import { PROFILE_MESSAGES } from '@corral/contract';
import { toast } from 'sonner';
import { PrivacySection } from '../../features/account/components/privacy-section.tsx';
import { AccountPage } from '../../features/account/routes/account-page.tsx';
import { useAccountPrivacy } from '../../features/profile/api/update-me.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The Account page with the profile feature's privacy switch composed in (features never import each other). */
export function AccountRoute() {
  return <AccountPage privacy={<AccountPrivacy />} />;
}

function AccountPrivacy() {
  const { isPrivate, isPending, setPrivate } = useAccountPrivacy();
  function change(next: boolean) {
    setPrivate(next).then(
      () => toast.success(next ? PROFILE_MESSAGES.nowPrivate : PROFILE_MESSAGES.nowPublic),
      (error: unknown) => toast.error(error instanceof ApiError ? error.message : 'Your privacy could not be changed.'),
    );
  }
  return <PrivacySection isPrivate={isPrivate} isPending={isPending} onChange={change} />;
}
