import { LIMITS } from '@corral/contract';
import { Toaster } from 'sonner';
import { useMediaQuery } from '../lib/use-media-query.ts';

/** Below Tailwind's `sm`: where the app's modals are bottom sheets (ui/modal.tsx). */
const PHONE = '(max-width: 639.98px)';

/**
 * The app's toasts. Spec: they close after 5000 ms, at most 20 show, the newest in front. Where they sit is
 * ours (docs/decisions/021-toast-placement.md): on a desktop at the top right, below the top bar, so they never
 * cover its buttons; on a phone along the bottom, clear of the top bar and of the page's heading; and while a
 * bottom sheet is open, in the band the sheet leaves above itself (styles.css), clear of its header and its
 * buttons.
 */
export function AppToaster() {
  const phone = useMediaQuery(PHONE, false);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-right'}
      // Below the top bar (4 rem) on a desktop; above the bottom edge and the home indicator on a phone.
      offset={{ top: 76, right: 16, bottom: 16, left: 16 }}
      mobileOffset={{ bottom: 'calc(12px + env(safe-area-inset-bottom))', left: 12, right: 12 }}
      duration={LIMITS.toastDurationMs}
      visibleToasts={LIMITS.toastMax}
      expand
      richColors
      closeButton
    />
  );
}
