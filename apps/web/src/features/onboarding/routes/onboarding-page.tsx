import {
  GENDERS,
  LIMITS,
  MESSAGES,
  ONBOARDING_STEP_FIELDS,
  type OnboardingRequest,
  onboardingRequestSchema,
  TRANSPORT_OPTIONS,
} from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isoDay } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAssociations, useEventTypes } from '../api/reference-lists.ts';
import { useSubmitOnboarding } from '../api/submit-onboarding.ts';
import { ChoiceCards } from '../components/choice-cards.tsx';
import { ReferenceStep } from '../components/reference-step.tsx';
import { ReviewStep } from '../components/review-step.tsx';

type Output = z.output<typeof onboardingRequestSchema>;
const STEPS = LIMITS.onboardingSteps;

/** The first step (1-based) holding one of the fields that failed. */
function firstInvalidStep(errors: FieldErrors<OnboardingRequest>): number {
  const index = ONBOARDING_STEP_FIELDS.findIndex((fields) => fields.some((field) => errors[field]));
  return index === -1 ? STEPS : index + 1;
}

export function OnboardingPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const eventTypes = useEventTypes();
  const associations = useAssociations();
  const submit = useSubmitOnboarding();
  const form = useForm<OnboardingRequest, unknown, Output>({
    resolver: zodResolver(onboardingRequestSchema),
    defaultValues: { age: '', event_type_ids: [], association_ids: [] },
    shouldUnregister: false,
  });
  const { errors } = form.formState;

  const next = async () => {
    if (await form.trigger([...(ONBOARDING_STEP_FIELDS[step - 1] ?? [])])) setStep((s) => Math.min(STEPS, s + 1));
  };

  const onSubmit = form.handleSubmit(
    (values) =>
      submit.mutate(values, {
        onSuccess: ({ user }) => {
          useSession.getState().setUser(user);
          toast.success(MESSAGES.onboarding.success);
          navigate(paths.friendList, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
            for (const [field, messages] of Object.entries(error.errors)) {
              form.setError(field.split('.')[0] as keyof OnboardingRequest, { message: messages[0] });
            }
            setStep(firstInvalidStep(form.formState.errors));
          }
          toast.error(MESSAGES.onboarding.failed);
        },
      }),
    (invalid) => {
      toast.error(MESSAGES.onboarding.submitInvalid);
      setStep(firstInvalidStep(invalid));
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
            onEdit={setStep}
          />
        )}
        <div className="mt-8 flex justify-between gap-3">
          <Button variant="secondary" disabled={step === 1} onClick={() => setStep((s) => Math.max(1, s - 1))}>
            Previous
          </Button>
          {step < STEPS ? (
            // Distinct keys: reusing one element would turn Next into a submit button mid-click and submit the form.
            <Button key="next" onClick={next}>
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
