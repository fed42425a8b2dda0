import { Button } from '../../../ui/button.tsx';
import { useAudit } from '../api/audit.ts';
import { AuditEntryCard } from '../components/audit-entry-card.tsx';
import { ModerationNav } from '../components/moderation-nav.tsx';

/** The audit log (admins only): every moderator action, hold and role change, newest first; read-only. */
export function AuditPage() {
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="flex min-w-0 flex-col gap-4">
      <ModerationNav />
      <div>
        <h1 id="audit-heading" className="font-display text-2xl text-leather-900">
          Audit log
        </h1>
        <p className="text-sm text-stone-600">
          Every decision, hold and role change, newest first. Nobody can edit it.
        </p>
      </div>
      {audit.isPending &&
        [0, 1, 2].map((n) => (
          <div key={n} aria-hidden="true" className="h-28 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        ))}
      {audit.isSuccess && entries.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">Nothing has been done yet.</p>
      )}
      {entries.length > 0 && (
        <div role="feed" aria-label="Audit log entries" aria-busy={audit.isFetching} className="flex flex-col gap-3">
          {entries.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
        </div>
      )}
      {audit.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 text-red-700 shadow-sm"
        >
          {audit.error.message}
          <Button variant="secondary" onClick={() => (entries.length > 0 ? audit.fetchNextPage() : audit.refetch())}>
            Try again
          </Button>
        </div>
      )}
      {audit.hasNextPage && !audit.isError && (
        <Button
          variant="secondary"
          busy={audit.isFetchingNextPage}
          onClick={() => audit.fetchNextPage()}
          className="self-center"
        >
          Show older entries
        </Button>
      )}
    </section>
  );
}
