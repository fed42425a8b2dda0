import type { CaseReport } from '@corral/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatTimeAgo, formatTimestamp } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { fullName } from './action-words.ts';

/** A weight as a short number: 1, 0.67, 0.2. */
export const formatWeight = (weight: number) => String(Number(weight.toFixed(2)));

/** Every report of the case: who, why (with the Other text), when, and how much their report weighs. */
export function CaseReports({ reports }: { reports: readonly CaseReport[] }) {
  const headingId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled part of a case card, not a form (fieldset); a named section would be a landmark repeated on every card
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-leather-900">
        Reports ({reports.length})
      </h3>
      <ol className="mt-2 flex flex-col divide-y divide-leather-100">
        {reports.map((report) => {
          const name = fullName(report.reporter) || 'A member';
          return (
            <li key={report.id} className="flex gap-3 py-2">
              <Avatar src={report.reporter.avatar} name="" className="size-8" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-stone-900">{report.reason}</span>
                  <span className="text-stone-600">
                    by{' '}
                    <Link to={paths.userProfile(report.reporter.id)} className="text-leather-800 hover:underline">
                      {name}
                    </Link>
                  </span>
                  <time
                    dateTime={report.created_at}
                    title={formatTimestamp(report.created_at)}
                    className="text-xs text-stone-500"
                  >
                    {formatTimeAgo(report.created_at)}
                  </time>
                  <span className="text-xs text-stone-500">weight {formatWeight(report.weight)}</span>
                </p>
                {report.text && (
                  <p className="mt-1 rounded-lg bg-stone-50 px-2 py-1 text-sm whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">
                    {report.text}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
