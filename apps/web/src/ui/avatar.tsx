import { USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { clsx } from 'clsx';

/**
 * A member's round photo, or the placeholder when there is none or it fails to load. `lazy`: fetched only once
 * near the screen (a carousel's later cards, lists that start below the fold).
 */
export function Avatar({
  src,
  name,
  className,
  lazy = false,
}: {
  src: string | null | undefined;
  name: string;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <img
      src={src || USER_PLACEHOLDER_IMAGE}
      alt={name}
      width={40}
      height={40}
      loading={lazy ? 'lazy' : undefined}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(USER_PLACEHOLDER_IMAGE)) event.currentTarget.src = USER_PLACEHOLDER_IMAGE;
      }}
      // The default size has no weight (:where), so a caller's size-5 or size-9 wins over it.
      className={clsx('shrink-0 rounded-full bg-leather-100 object-cover [:where(&)]:size-10', className)}
    />
  );
}
