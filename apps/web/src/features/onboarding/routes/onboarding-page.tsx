import {
  GENDERS,
  MESSAGES,
  ONBOARDING_STEP_FIELDS,
  type OnboardingRequest,
  onboardingRequestSchema,
  TRANSPORT_OPTIONS,
} from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { isoDay } from '../../../lib/format.ts';
import { destinationFor, returnPathIn } from '../../../lib/return-to.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAssociations, useEventTypes } from '../api/reference-lists.ts';
import { useSubmitOnboarding } from '../api/submit-onboarding.ts';
import { ChoiceCards } from '../components/choice-cards.tsx';
import { ReferenceStep } from '../components/reference-step.tsx';
import { ReviewStep } from '../components/review-step.tsx';
import { firstStepOf, reachableStep, ONBOARDING_STEPS as STEPS } from '../hooks/onboarding-steps.ts';
import { useKeepOnboardingDraft, useOnboardingDraft } from '../hooks/use-onboarding-draft.ts';
import { useOnboardingStep } from '../hooks/use-onboarding-step.ts';

type Output = z.output<typeof onboardingRequestSchema>;

/**
 * The six-step wizard. The step is in the address (Back and Forward move one step, a reload stays), the
 * answers in the member's draft (a reload or a closed tab keeps them), and a later step opens only once the
 * earlier ones are answered.
 */
export function OnboardingPage() {
  const navigate = useNavigate();
  const next = returnPathIn(useLocation().search);
  const eventTypes = useEventTypes();
  const associations = useAssociations();
  const submit = useSubmitOnboarding();
  // One submission at a time: a second press while the first is validated or sent sends nothing.
  const sending = useRef(false);
  const draft = useOnboardingDraft();
  const form = useForm<OnboardingRequest, unknown, Output>({
    resolver: zodResolver(onboardingRequestSchema),
    defaultValues: draft.initial,
    shouldUnregister: false,
  });
  useKeepOnboardingDraft(form.watch);
  const { errors } = form.formState;
  const { step, goTo } = useOnboardingStep(reachableStep(form.getValues()));

  const proceed = async () => {
    if (await form.trigger([...(ONBOARDING_STEP_FIELDS[step - 1] ?? [])])) goTo(Math.min(STEPS, step + 1));
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      if (sending.current) return;
      sending.current = true;
      submit.mutate(values, {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: ({ user }) => {
          draft.forget();
          useSession.getState().setUser(user);
          toast.success(MESSAGES.onboarding.success);
          navigate(destinationFor(user, next), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
            const fields = Object.keys(error.errors).map((field) => field.split('.')[0] as keyof OnboardingRequest);
            for (const [field, messages] of Object.entries(error.errors)) {
              form.setError(field.split('.')[0] as keyof OnboardingRequest, { message: messages[0] });
            }
            goTo(firstStepOf(fields));
          }
          toast.error(MESSAGES.onboarding.failed);
        },
      });
    },
    (invalid) => {
      toast.error(MESSAGES.onboarding.submitInvalid);
      goTo(firstStepOf(Object.keys(invalid)));
    },
  );

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-display text-3xl text-leather-900">Complete your profile</h1>
      <p className="mt-1 mb-6 text-stone-600">Tell us how you ride so we can show you the right events and people.</p>
      <ProgressBar value={step} max={STEPS} label={`Step ${step} of ${STEPS}`} />
      <form noValidate onSubmit={onSubmit} className="mt-6 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
        <div hidden={step !== 1}>
          <TextField
            label="Date of birth"
            type="date"
            max={isoDay()}
            min="1900-01-01"
            error={errors.age?.message}
            {...form.register('age')}
          />
        </div>
        <div hidden={step !== 2}>
          <ChoiceCards
            type="radio"
            legend="Gender"
            choices={GENDERS.map((g) => ({ value: g.value, label: g.label }))}
            registration={form.register('gender')}
            error={errors.gender?.message}
          />
        </div>
        <div hidden={step !== 3}>
          <ChoiceCards
            type="radio"
            legend="Are you willing to haul horses for others?"
            choices={TRANSPORT_OPTIONS.map((o) => ({ value: String(o.id), label: o.label }))}
            registration={form.register('transport_id')}
            error={errors.transport_id?.message}
          />
        </div>
        <div hidden={step !== 4}>
          <ReferenceStep
            legend="Which events do you compete in or follow?"
            query={eventTypes}
            registration={form.register('event_type_ids')}
            error={errors.event_type_ids?.message}
          />
        </div>
        <div hidden={step !== 5}>
          <ReferenceStep
            legend="Which associations are you part of?"
            query={associations}
            registration={form.register('association_ids')}
            error={errors.association_ids?.message}
          />
        </div>
        {step === STEPS && (
          <ReviewStep
            values={form.getValues()}
            eventTypes={eventTypes.data ?? []}
            associations={associations.data ?? []}
            onEdit={goTo}
          />
        )}
        <div className="mt-8 flex justify-between gap-3">
          <Button variant="secondary" disabled={step === 1} onClick={() => goTo(Math.max(1, step - 1))}>
            Previous
          </Button>
          {step < STEPS ? (
            // Distinct keys: reusing one element would turn Next into a submit button mid-click and submit the form.
            <Button key="next" onClick={proceed}>
              Next
            </Button>
          ) : (
            <Button key="submit" type="submit" busy={submit.isPending}>
              Submit
            </Button>
          )}
        </div>
      </form>
    </main>
  );
}
