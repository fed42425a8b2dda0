import { USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { clsx } from 'clsx';

/** A member's round photo, or the placeholder when there is none or it fails to load. */
export function Avatar({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  return (
    <img
      src={src || USER_PLACEHOLDER_IMAGE}
      alt={name}
      width={40}
      height={40}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(USER_PLACEHOLDER_IMAGE)) event.currentTarget.src = USER_PLACEHOLDER_IMAGE;
      }}
      // The default size has no weight (:where), so a caller's size-5 or size-9 wins over it.
      className={clsx('shrink-0 rounded-full bg-leather-100 object-cover [:where(&)]:size-10', className)}
    />
  );
}
