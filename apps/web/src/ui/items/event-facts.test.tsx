// @vitest-environment jsdom
import type { FeedItem } from '@corral/contract';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { EventFacts } from './event-facts.tsx';

/** The fields an event card's facts read; the rest of a feed item does not matter here. */
const event = (added_money: number | null) =>
  ({
    id: 1,
    type: '4',
    is_cancelled: false,
    added_money,
    from_date: '2027-05-01T16:00:00.000Z',
    to_date: '2027-05-02T01:00:00.000Z',
    location: 'Salinas Sports Complex',
    event_types: [],
    associations: [],
    maxValueEvent: 4,
  }) as unknown as FeedItem;

test('an event with added money shows it, in dollars', () => {
  render(<EventFacts item={event(2500)} />);
  expect(screen.getByText('Added money')).toBeTruthy();
  expect(screen.getByText('$2,500')).toBeTruthy();
});

test.each([0, null])('an event with added money %s says nothing of it', (money) => {
  render(<EventFacts item={event(money)} />);
  expect(screen.getByText('Starts')).toBeTruthy();
  expect(screen.queryByText('Added money')).toBeNull();
  expect(screen.queryByText(/\$/)).toBeNull();
});
