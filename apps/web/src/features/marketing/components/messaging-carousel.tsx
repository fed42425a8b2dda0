import { MarketingIcon, type MarketingIconName } from './marketing-icons.tsx';
import { SectionHeading } from './section-heading.tsx';
import { SlideCarousel } from './slide-carousel.tsx';

const MESSAGES: { icon: MarketingIconName; title: string; text: string }[] = [
  {
    icon: 'photo',
    title: 'Share the ride',
    text: 'Post a run, a win or a long haul with photos. Friends like it, comment on it and share it to their own timeline.',
  },
  {
    icon: 'event',
    title: 'Find the next rodeo',
    text: 'Browse upcoming events with their performances and added money, and see the ones Corral suggests for you.',
  },
  {
    icon: 'calendar',
    title: 'Keep it on your calendar',
    text: 'Add an event to your calendar app in one tap, or subscribe to a feed that keeps every event you follow in step.',
  },
  {
    icon: 'bell',
    title: 'Hear it as it happens',
    text: 'Friend requests, likes and comments arrive as live notifications while you are on Corral.',
  },
  {
    icon: 'friends',
    title: 'Find your people',
    text: 'Search for members and events, send friend requests and see the friends you have in common.',
  },
];

/** The messaging carousel: what members do on Corral, one message a slide. */
export function MessagingCarousel() {
  return (
    <section aria-labelledby="messages-title" className="bg-leather-100/60 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="messages-title" eyebrow="All season long" title="Stay in the loop from slack to the finals">
          A few of the things members do on Corral every week.
        </SectionHeading>
        <div className="mt-10">
          <SlideCarousel
            label="What you can do on Corral"
            trackClassName="pr-12 sm:pr-4"
            slideClassName="basis-full sm:basis-[calc(50%-0.5rem)] lg:basis-[calc(33.333%-0.667rem)]"
            slides={MESSAGES.map((message) => ({
              key: message.title,
              content: (
                <article className="flex w-full flex-col rounded-2xl border border-leather-200 bg-white p-6 shadow-sm">
                  <span className="grid size-12 place-items-center rounded-xl bg-leather-950 text-leather-100">
                    <MarketingIcon name={message.icon} />
                  </span>
                  <h3 className="mt-5 text-xl font-semibold text-leather-950">{message.title}</h3>
                  <p className="mt-2 text-stone-700">{message.text}</p>
                </article>
              ),
            }))}
          />
        </div>
      </div>
    </section>
  );
}
