import { FEED_TYPES, type FeedItem } from '@corral/contract';

/** Whether this version has a card for the item's type; the others show 'Unknown content type' (spec). */
export const hasCard = (item: Pick<FeedItem, 'type'>) => (FEED_TYPES as readonly string[]).includes(item.type);
