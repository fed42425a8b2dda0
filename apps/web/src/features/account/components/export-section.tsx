import { DATA_EXPORT_LIMITS, type DataExport, type DataExportResponse } from '@corral/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate, formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDataExport, useRequestDataExport } from '../api/data-export.ts';

/** '12.4 MB', '830 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const WHAT =
  'A zip file of everything you wrote or uploaded on Corral: your profile, posts and their photos, comments, likes, events, friends, notifications, messages and hauls.';

/**
 * The Account page's "Download your data" (issue 21, item 5): ask for a copy, follow it while it is prepared,
 * download it for 7 days; one a day, and a failed one may be asked again at once. The email's link lands on
 * `#your-data`.
 */
export function ExportSection() {
  const query = useDataExport();
  return (
    <section id="your-data" aria-labelledby="your-data-title" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="your-data-title" className="font-display text-xl text-leather-900">
        Download your data
      </h2>
      <p className="mt-1 text-sm text-stone-600">{WHAT}</p>
      <div className="mt-4">
        {query.isPending ? (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" /> Loading…
          </p>
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-700">
              {query.error instanceof ApiError ? query.error.message : 'Your data export could not be loaded.'}
            </p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ExportState answer={query.data} />
        )}
      </div>
    </section>
  );
}

function ExportState({ answer }: { answer: DataExportResponse }) {
  const current = answer.data;
  if (current?.status === 'pending') {
    return (
      <p role="status" className="flex items-start gap-2 text-sm text-leather-900">
        <Spinner className="mt-0.5 size-4 shrink-0" />
        <span>
          Preparing your data… This can take a few minutes. We will tell you in your notifications and by email when it
          is ready.
        </span>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {current?.status === 'ready' && <Ready current={current} />}
      {current?.status === 'failed' && (
        <p role="status" className="text-sm text-red-700">
          We could not prepare your data. Please try again.
        </p>
      )}
      {current?.status === 'expired' && (
        <p role="status" className="text-sm text-stone-600">
          Your last copy expired{current.expires_at ? ` on ${formatShortDate(current.expires_at)}` : ''} and was
          deleted.
        </p>
      )}
      <Ask answer={answer} />
    </div>
  );
}

function Ready({ current }: { current: DataExport }) {
  return (
    <div role="status" className="space-y-2">
      <p className="text-sm text-leather-900">
        Your data is ready{current.size ? ` (${formatBytes(current.size)})` : ''}. The download works until{' '}
        {current.expires_at ? formatTimestamp(current.expires_at) : ''}, and only for you.
      </p>
      {current.download_url && (
        <a
          href={current.download_url}
          download
          className="inline-flex min-h-10 items-center justify-center rounded-lg bg-leather-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leather-800"
        >
          Download your data
        </a>
      )}
    </div>
  );
}

/** The ask button, or when the day's export was asked already, when the next may be. */
function Ask({ answer }: { answer: DataExportResponse }) {
  const ask = useRequestDataExport();
  const nextAt = Date.parse(answer.next_request_at);
  const waiting = nextAt > Date.now();
  const failure =
    ask.error instanceof ApiError ? ask.error.message : ask.error ? 'Your data could not be asked for.' : null;
  const label =
    answer.data?.status === 'failed' ? 'Try again' : answer.data ? 'Ask for a new copy' : 'Ask for a copy of your data';
  return (
    <div className="space-y-2">
      {waiting ? (
        <p className="text-sm text-stone-600">
          You can ask for one copy a day. You can ask for the next one after {formatTimestamp(answer.next_request_at)}.
        </p>
      ) : (
        <Button
          variant={answer.data?.status === 'ready' ? 'secondary' : 'primary'}
          busy={ask.isPending}
          onClick={() => ask.mutate()}
        >
          {label}
        </Button>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <p className="text-xs text-stone-500">
        We prepare it in the background and keep it {DATA_EXPORT_LIMITS.keepDays} days. One copy a day.
      </p>
    </div>
  );
}
