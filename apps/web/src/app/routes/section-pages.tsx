/** The social area's events sections (issue 9): the pages live in features/events. */
export {
  AssociationTypesPage,
  EventHistoryPage,
  EventTypesPage,
  MyEventsPage,
} from '../../features/events/routes/event-pages.tsx';
