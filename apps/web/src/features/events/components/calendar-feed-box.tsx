import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { useCalendarFeed } from '../api/events-api.ts';

/**
 * My events' 'Calendar feed': a private URL a calendar app subscribes to. The server shows it only when it
 * is made (it keeps a hash), so making it again replaces the old one; Revoke stops it.
 */
export function CalendarFeedBox() {
  const { make, revoke } = useCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const fail = (error: unknown) => toast.error(error instanceof ApiError ? error.message : 'Please try again.');

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied to clipboard!');
    } catch {
      toast.error('Failed to copy link.');
    }
  }

  return (
    <section aria-labelledby="calendar-feed-title" className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="calendar-feed-title" className="font-semibold text-leather-900">
        Calendar feed
      </h2>
      <p className="text-sm text-stone-600">
        Subscribe to your events from any calendar app with a private link. Making a new link stops the old one.
      </p>
      {url && (
        <input
          readOnly
          aria-label="Calendar feed link"
          value={url}
          onFocus={(event) => event.target.select()}
          className="w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-sm"
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={make.isPending}
          onClick={() => make.mutate(undefined, { onSuccess: (answer) => setUrl(answer.url), onError: fail })}
        >
          {url ? 'Make a new link' : 'Make link'}
        </Button>
        {url && (
          <Button variant="secondary" onClick={copy}>
            Copy link
          </Button>
        )}
        <Button
          variant="ghost"
          busy={revoke.isPending}
          onClick={() =>
            revoke.mutate(undefined, {
              onSuccess: () => {
                setUrl(null);
                toast.success('The calendar feed link is revoked.');
              },
              onError: fail,
            })
          }
        >
          Revoke link
        </Button>
      </div>
    </section>
  );
}
