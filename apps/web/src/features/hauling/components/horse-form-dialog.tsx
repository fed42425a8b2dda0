import { HAUL_LIMITS, HAUL_MESSAGES, type Horse } from '@corral/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { isoDay } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useHorseChange } from '../api/horses-api.ts';

type Errors = Partial<Record<'name' | 'coggins_on' | 'health_certificate_on', string>>;

/** Add a horse (`horse` null) or edit one: its name and the dates of its last Coggins test and health certificate. */
export function HorseFormDialog({
  horse,
  open,
  onOpenChange,
}: {
  horse: Horse | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={horse ? `Edit ${horse.name}` : 'Add a horse'}>
      {open && <HorseForm horse={horse} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function HorseForm({ horse, onDone }: { horse: Horse | null; onDone: () => void }) {
  const change = useHorseChange();
  const [name, setName] = useState(horse?.name ?? '');
  const [coggins, setCoggins] = useState(horse?.coggins_on ?? '');
  const [certificate, setCertificate] = useState(horse?.health_certificate_on ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const today = isoDay();
  const formId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = HAUL_MESSAGES.horseNameRequired;
    if (coggins && coggins > today) found.coggins_on = HAUL_MESSAGES.horseDateFuture;
    if (certificate && certificate > today) found.health_certificate_on = HAUL_MESSAGES.horseDateFuture;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const fields = { name: name.trim(), coggins_on: coggins || null, health_certificate_on: certificate || null };
    change.mutate(horse ? { action: 'update', id: horse.id, horse: fields } : { action: 'create', horse: fields }, {
      onSuccess: () => {
        toast.success(horse ? `${fields.name} is saved.` : `${fields.name} is added.`);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fieldErrors: Errors = {};
          for (const field of ['name', 'coggins_on', 'health_certificate_on'] as const) {
            const message = error.fieldError(field);
            if (message) fieldErrors[field] = message;
          }
          setErrors(fieldErrors);
        }
        setFailure(error instanceof ApiError ? error.message : 'The horse could not be saved.');
      },
    });
  }

  return (
    <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Name"
        value={name}
        maxLength={HAUL_LIMITS.horseNameMax}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <TextField
        label="Last Coggins test"
        type="date"
        value={coggins}
        max={today}
        onChange={(event) => setCoggins(event.target.value)}
        error={errors.coggins_on}
        hint="Valid for 12 months."
      />
      <TextField
        label="Last health certificate"
        type="date"
        value={certificate}
        max={today}
        onChange={(event) => setCertificate(event.target.value)}
        error={errors.health_certificate_on}
        hint="Valid for 30 days."
      />
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={change.isPending}>
          {horse ? 'Save' : 'Add horse'}
        </Button>
      </div>
    </form>
  );
}
