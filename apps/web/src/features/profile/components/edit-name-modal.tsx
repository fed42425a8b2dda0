import { MESSAGES, PROFILE_MESSAGES, type ProfileNameForm, profileNameFormSchema } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { clearDraft, readDraft } from '../../../lib/drafts.ts';
import { useKeepFormDraft, useMemberId } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useUpdateMe } from '../api/update-me.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A name typed and not saved yet, if one was kept. */
function keptName(value: unknown): ProfileNameForm | null {
  if (typeof value !== 'object' || value === null) return null;
  const { first_name, last_name } = value as Record<string, unknown>;
  const name = { first_name: text(first_name), last_name: text(last_name) };
  return name.first_name !== undefined && name.last_name !== undefined ? (name as ProfileNameForm) : null;
}

/**
 * Edit name: first and last name with sign-up's rules (the contract's schema), saved with PATCH /me. A name
 * typed and not saved is the member's draft (lib/drafts.ts): Escape, a click beside, a reload or a failed save
 * keeps it for the next opening; Cancel means the name stays as it is, and forgets it.
 */
export function EditNameModal({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: ProfileNameForm;
}) {
  const update = useUpdateMe();
  const draft = { member: useMemberId(), form: 'edit-name' as const };
  const form = useForm<ProfileNameForm>({ resolver: zodResolver(profileNameFormSchema), defaultValues: current });
  const { reset } = form;
  const { first_name, last_name } = current;
  const { member } = draft;

  // Each opening starts from the name typed and not saved, or else the name as it is now.
  useEffect(() => {
    if (open) reset(keptName(readDraft({ member, form: 'edit-name' })) ?? { first_name, last_name });
  }, [open, member, first_name, last_name, reset]);
  useKeepFormDraft(form.watch, draft, (values) =>
    values.first_name === first_name && values.last_name === last_name ? undefined : values,
  );

  function cancel() {
    void clearDraft(draft);
    onOpenChange(false);
  }

  const submit = form.handleSubmit((values) =>
    // A promise, not mutate's callbacks: the draft goes even if the page was left meanwhile.
    update.mutateAsync({ first_name: values.first_name, last_name: values.last_name }).then(
      () => {
        void clearDraft(draft);
        toast.success(PROFILE_MESSAGES.nameUpdated);
        onOpenChange(false);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.fieldError('first_name'))
          form.setError('first_name', { message: error.fieldError('first_name') });
        else if (error instanceof ApiError && error.fieldError('last_name'))
          form.setError('last_name', { message: error.fieldError('last_name') });
        else toast.error(error instanceof ApiError ? error.message : MESSAGES.generic.correctErrors);
      },
    ),
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !update.isPending && onOpenChange(next)}
      title="Edit name"
      description="Your name as other members see it."
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-name-form" busy={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="edit-name-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={50}
          error={form.formState.errors.first_name?.message}
          {...form.register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={50}
          error={form.formState.errors.last_name?.message}
          {...form.register('last_name')}
        />
      </form>
    </Modal>
  );
}
