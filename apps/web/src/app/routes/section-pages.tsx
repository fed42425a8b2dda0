/** The social area's sections that the spec shows as a heading only; later issues fill them in. */
function SectionHeading({ title }: { title: string }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      <h1 className="font-display text-2xl text-leather-900">{title}</h1>
    </section>
  );
}

export const EventTypesPage = () => <SectionHeading title="Event Types" />;
export const AssociationTypesPage = () => <SectionHeading title="Associations" />;
export const MyEventsPage = () => <SectionHeading title="My events" />;
export const EventHistoryPage = () => <SectionHeading title="Event history" />;
