import { Link } from 'react-router';

/** The logo linking to the home page; `dark` is for dark backgrounds. */
export function Logo({ variant = 'light', className }: { variant?: 'light' | 'dark'; className?: string }) {
  return (
    <Link to="/" className={className} aria-label="Corral home">
      <img src={`/assets/img/logo-${variant}.svg`} alt="Corral" width={133} height={32} className="h-8 w-auto" />
    </Link>
  );
}
