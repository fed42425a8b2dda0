import { MarketingIcon, type MarketingIconName } from './marketing-icons.tsx';
import { SectionHeading } from './section-heading.tsx';

const FEATURES: { icon: MarketingIconName; title: string; text: string }[] = [
  {
    icon: 'timeline',
    title: 'Your timeline',
    text: 'Posts from you and your friends, newest first, with likes, comments and shares.',
  },
  {
    icon: 'photo',
    title: 'Posts with photos',
    text: 'Share updates from the arena, the road and the barn, with the photos to go with them.',
  },
  {
    icon: 'money',
    title: 'Events and added money',
    text: 'Every event shows its performances with their dates and times, its place and its added money.',
  },
  {
    icon: 'calendar',
    title: 'Calendar feeds',
    text: 'Add an event to your calendar, or subscribe to an .ics feed that follows the events you choose.',
  },
  {
    icon: 'bell',
    title: 'Friends and live notifications',
    text: 'Send and accept friend requests; likes, comments and requests reach you as they happen.',
  },
  {
    icon: 'lock',
    title: 'Search and private profiles',
    text: 'Find members and events by name, and decide whether your profile is public or for friends only.',
  },
];

/** The six-card feature grid. */
export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything in one arena">
          The tools the rodeo community asked for, in an app that works on your phone and in your browser.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-leather-100 bg-leather-50 p-6">
              <span className="grid size-12 place-items-center rounded-xl bg-leather-700 text-white">
                <MarketingIcon name={feature.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-leather-950">{feature.title}</h3>
              <p className="mt-2 text-stone-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
