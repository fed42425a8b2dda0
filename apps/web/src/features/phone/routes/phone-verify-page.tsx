import type { CurrentUser } from '@corral/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { returnPathIn } from '../../../lib/return-to.ts';
import { useSession } from '../../../lib/session-store.ts';
import { CodeStep } from '../components/code-step.tsx';
import { PhoneStep } from '../components/phone-step.tsx';
import { useCodeSender } from '../hooks/use-code-sender.ts';

type Stage = { name: 'phone' } | { name: 'otp'; e164: string } | { name: 'success' };

/** Phone verification: the number, then the code, then success (spec "Phone verification"). */
export function PhoneVerifyPage() {
  const [stage, setStage] = useState<Stage>({ name: 'phone' });
  const [phone, setPhone] = useState('');
  // The member page the member was on their way to before the guards asked for a phone: the way on.
  const next = returnPathIn(useLocation().search);
  // One sender for both steps: the wait after a code holds whichever step the member is on.
  const sender = useCodeSender();

  const verified = (user: CurrentUser) => {
    // Kept for the success screen; the stored user changes only when the member moves on, so the
    // guards do not leave this page before the success screen is seen.
    setStage({ name: 'success' });
    setVerifiedUser(user);
  };
  const [verifiedUser, setVerifiedUser] = useState<CurrentUser | null>(null);

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-leather-100 sm:p-8">
        {stage.name === 'success' ? (
          <div className="text-center">
            <div
              aria-hidden="true"
              className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-sage-500/15 text-2xl text-sage-600"
            >
              ✓
            </div>
            <h1 className="font-display text-3xl text-leather-900">Phone verified</h1>
            <p className="mt-2 text-stone-600">Your number is confirmed. Welcome to the arena!</p>
            <Link
              to={next ?? paths.friendList}
              onClick={() => verifiedUser && useSession.getState().setUser(verifiedUser)}
              className="mt-6 inline-flex rounded-lg bg-leather-700 px-5 py-2.5 font-semibold text-white hover:bg-leather-800"
            >
              {next ? 'Continue' : 'Go to Friend List'}
            </Link>
          </div>
        ) : (
          <>
            <h1 className="font-display text-3xl text-leather-900">Verify your phone</h1>
            <p className="mt-1 mb-6 text-sm text-stone-600">One text message keeps Corral for real people.</p>
            {stage.name === 'phone' ? (
              <PhoneStep
                phone={phone}
                onPhoneChange={setPhone}
                sender={sender}
                onSent={(e164) => setStage({ name: 'otp', e164 })}
              />
            ) : (
              <CodeStep
                phone={stage.e164}
                typed={phone}
                sender={sender}
                onVerified={verified}
                onChangeNumber={() => setStage({ name: 'phone' })}
              />
            )}
          </>
        )}
      </div>
    </main>
  );
}
