import type { ReactNode } from 'react';
import { BlockedSection } from '../components/blocked-section.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { ExportSection } from '../components/export-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { SignInMethodsSection } from '../components/sign-in-methods-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';

/**
 * The Account page (the account menu's 'Account'; docs/decisions/033-account-settings.md): in this order,
 * Email, Password, Two-factor, Sessions, Sign-in methods, Privacy, Blocked and muted, Your data. The privacy
 * switch belongs to the profile feature, so the app composes it in (app/routes/account-route.tsx).
 */
export function AccountPage({ privacy }: { privacy?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <h1 className="font-display text-2xl text-leather-900">Account</h1>
        <p className="mt-1 text-sm text-stone-600">Your sign-in, your devices and your privacy.</p>
      </header>
      <EmailSection />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
      <SignInMethodsSection />
      {privacy}
      <BlockedSection />
      <ExportSection />
    </div>
  );
}
