import { MESSAGES, PROFILE_MESSAGES, type ProfileNameForm, profileNameFormSchema } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useUpdateMe } from '../api/update-me.ts';

/** Edit name: first and last name with sign-up's rules (the contract's schema), saved with PATCH /me. */
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
  const form = useForm<ProfileNameForm>({ resolver: zodResolver(profileNameFormSchema), defaultValues: current });
  const { reset } = form;
  const { first_name, last_name } = current;

  // Each opening starts from the name as it is now.
  useEffect(() => {
    if (open) reset({ first_name, last_name });
  }, [open, first_name, last_name, reset]);

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { first_name: values.first_name, last_name: values.last_name },
      {
        onSuccess: () => {
          toast.success(PROFILE_MESSAGES.nameUpdated);
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldError('first_name'))
            form.setError('first_name', { message: error.fieldError('first_name') });
          else if (error instanceof ApiError && error.fieldError('last_name'))
            form.setError('last_name', { message: error.fieldError('last_name') });
          else toast.error(error instanceof ApiError ? error.message : MESSAGES.generic.correctErrors);
        },
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
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={update.isPending}>
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
