import type { FeedItem } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EventFacts } from '../../../ui/items/event-facts.tsx';

/**
 * An event on its own (a suggested event): its title as a heading, opening the event's detail marked 'System
 * suggested', then its facts.
 */
export function EventSummary({ item, headingLevel = 3 }: { item: FeedItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Heading className="font-display text-xl text-leather-900">
        <Link to={paths.event(item.id, true)} className="hover:underline">
          {item.title}
        </Link>
      </Heading>
      <EventFacts item={item} />
    </div>
  );
}
