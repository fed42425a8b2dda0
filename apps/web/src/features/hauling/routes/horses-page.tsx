import type { Horse } from '@corral/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDay, isoDay } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useHorseChange, useHorses } from '../api/horses-api.ts';
import { HorseFormDialog } from '../components/horse-form-dialog.tsx';
import { horsePapers, PaperChip } from '../components/papers-checklist.tsx';

/**
 * The member's horses (GET /me/horses) and the dates of their papers: add, edit, delete. Papers old or missing
 * today are flagged (a booking judges them again at its departure).
 */
export function HorsesPage() {
  const horses = useHorses();
  const [editing, setEditing] = useState<{ horse: Horse | null } | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <header className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <Link to={paths.hauling} className="text-sm font-semibold text-leather-800 underline">
          ← My hauls
        </Link>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-display text-2xl text-leather-900">My horses</h1>
            <p className="mt-1 text-sm text-stone-600">
              A haul needs a Coggins test within 12 months and a health certificate within 30 days of departure.
            </p>
          </div>
          <Button onClick={() => setEditing({ horse: null })}>Add a horse</Button>
        </div>
      </header>
      <section aria-label="Horses" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        {horses.isPending ? (
          <div aria-busy="true">
            <span className="sr-only" role="status">
              Loading your horses…
            </span>
            <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-leather-50" />
          </div>
        ) : horses.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-red-800">{horses.error.message || 'Your horses could not be loaded.'}</p>
            <Button variant="secondary" onClick={() => void horses.refetch()}>
              Try again
            </Button>
          </div>
        ) : horses.data.length === 0 ? (
          <p className="rounded-xl bg-leather-50 px-4 py-6 text-center text-sm text-stone-600">
            No horses yet. Add them with the dates of their papers, to name them on a booking.
          </p>
        ) : (
          <ul className="divide-y divide-leather-100">
            {horses.data.map((horse) => (
              <HorseRow key={horse.id} horse={horse} onEdit={() => setEditing({ horse })} />
            ))}
          </ul>
        )}
      </section>
      <HorseFormDialog
        horse={editing?.horse ?? null}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </div>
  );
}

function HorseRow({ horse, onEdit }: { horse: Horse; onEdit: () => void }) {
  const change = useHorseChange();
  const [deleting, setDeleting] = useState(false);
  const papers = horsePapers(horse, isoDay());
  const remove = () =>
    change.mutate(
      { action: 'delete', id: horse.id },
      {
        onSuccess: () => {
          setDeleting(false);
          toast.success(`${horse.name} is deleted.`);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : 'The horse could not be deleted.'),
      },
    );
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-leather-900">{horse.name}</p>
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-stone-700">
          <dt className="text-stone-500">Coggins</dt>
          <dd>{horse.coggins_on ? formatLongDay(horse.coggins_on) : 'No date'}</dd>
          <dt className="text-stone-500">Health certificate</dt>
          <dd>{horse.health_certificate_on ? formatLongDay(horse.health_certificate_on) : 'No date'}</dd>
        </dl>
        {(papers.coggins !== 'ok' || papers.health_certificate !== 'ok') && (
          <p className="mt-1.5 flex flex-wrap gap-2">
            {papers.coggins !== 'ok' && <PaperChip paper="coggins" state={papers.coggins} />}
            {papers.health_certificate !== 'ok' && (
              <PaperChip paper="health_certificate" state={papers.health_certificate} />
            )}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" onClick={onEdit}>
          Edit<span className="sr-only"> {horse.name}</span>
        </Button>
        <Button variant="ghost" onClick={() => setDeleting(true)}>
          Delete<span className="sr-only"> {horse.name}</span>
        </Button>
      </div>
      <ConfirmDialog
        title={`Delete ${horse.name}?`}
        confirm="Delete"
        open={deleting}
        busy={change.isPending}
        onOpenChange={setDeleting}
        onConfirm={remove}
      >
        {horse.name} leaves your list.
      </ConfirmDialog>
    </li>
  );
}
