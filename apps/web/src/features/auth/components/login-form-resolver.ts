import { loginFormSchema } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's checks, the contract's schema: loaded on first use by the sign-in page (lib/lazy-resolver.ts). */
export const loginFormResolver = zodResolver(loginFormSchema);
