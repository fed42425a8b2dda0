import { HAUL_LIMITS, type HaulBooking, type Horse } from '@corral/contract';
import { clsx } from 'clsx';

export type PaperState = 'ok' | 'old' | 'missing';

const DAY = 86_400_000;

/** A paper dated `on` (YYYY-MM-DD) judged on `day` (YYYY-MM-DD): missing, older than `maxDays`, or fine. */
export function paperState(on: string | null, maxDays: number, day: string): PaperState {
  if (!on) return 'missing';
  const age = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${on}T00:00:00Z`)) / DAY;
  return age > maxDays ? 'old' : 'ok';
}

/** A horse's papers judged today (the horses page): Coggins within 12 months, health certificate within 30 days. */
export const horsePapers = (horse: Horse, day: string) => ({
  coggins: paperState(horse.coggins_on, HAUL_LIMITS.cogginsMaxDays, day),
  health_certificate: paperState(horse.health_certificate_on, HAUL_LIMITS.healthCertificateMaxDays, day),
});

const PAPER_NAMES = { coggins: 'Coggins test', health_certificate: 'Health certificate' } as const;
const STATE_TEXT: Record<PaperState, (paper: keyof typeof PAPER_NAMES) => string> = {
  ok: (paper) => `${PAPER_NAMES[paper]}: valid`,
  old: (paper) =>
    paper === 'coggins' ? 'Coggins test: older than 12 months' : 'Health certificate: older than 30 days',
  missing: (paper) => `${PAPER_NAMES[paper]}: missing`,
};

/** One paper as a chip: fine in green, old or missing in red with the words saying which (not colour alone). */
export function PaperChip({ paper, state }: { paper: keyof typeof PAPER_NAMES; state: PaperState }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        state === 'ok' ? 'bg-sage-500/15 text-sage-700' : 'bg-red-100 text-red-800',
      )}
    >
      <span aria-hidden="true">{state === 'ok' ? '✓' : '!'}</span>
      {STATE_TEXT[state](paper)}
    </span>
  );
}

/**
 * The booking's papers, judged by the server at the offer's departure: a Coggins test within 12 months and a
 * health certificate within 30 days for each horse named. Anything old or missing is flagged, with a line
 * saying so above the list.
 */
export function PapersChecklist({ checklist }: { checklist: HaulBooking['checklist'] }) {
  const flagged = checklist.filter((horse) => horse.coggins !== 'ok' || horse.health_certificate !== 'ok');
  return (
    <section aria-labelledby="papers-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="papers-heading" className="font-display text-xl text-leather-900">
        Papers at departure
      </h2>
      {checklist.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No horses are named on this booking yet.</p>
      ) : (
        <>
          <p className={clsx('mt-2 text-sm', flagged.length > 0 ? 'font-semibold text-red-800' : 'text-stone-600')}>
            {flagged.length > 0
              ? `${flagged.length === 1 ? '1 horse needs' : `${flagged.length} horses need`} papers before the haul.`
              : 'Every horse has its papers for the day of departure.'}
          </p>
          <ul className="mt-3 flex flex-col gap-3">
            {checklist.map((horse) => (
              <li key={horse.horse_id} className="flex flex-col gap-1.5">
                <span className="font-semibold text-leather-900">{horse.horse_name}</span>
                <span className="flex flex-wrap gap-2">
                  <PaperChip paper="coggins" state={horse.coggins} />
                  <PaperChip paper="health_certificate" state={horse.health_certificate} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
