import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { paths } from '../../../config/paths.ts';
import { SectionHeading } from './section-heading.tsx';

/** Text beside a picture; `reverse` puts the picture first on wide screens. */
function SplitSection({
  id,
  eyebrow,
  title,
  intro,
  points,
  image,
  reverse = false,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  points: { title: string; text: string }[];
  image: ReactNode;
  reverse?: boolean;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={clsx('scroll-mt-16 py-16 sm:py-24', className)}>
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 lg:grid-cols-2 lg:gap-16">
        <div className={clsx(reverse && 'lg:order-2')}>
          <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} align="start">
            {intro}
          </SectionHeading>
          <ul className="mt-8 space-y-5">
            {points.map((point) => (
              <li key={point.title} className="flex gap-3">
                <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-leather-600" />
                <p className="text-stone-700">
                  <strong className="font-semibold text-leather-950">{point.title}</strong> {point.text}
                </p>
              </li>
            ))}
          </ul>
          <a
            href={paths.socialHome}
            className="mt-8 inline-flex rounded-lg bg-leather-700 px-5 py-3 font-semibold text-white hover:bg-leather-800"
          >
            Know More
          </a>
        </div>
        <div className={clsx(reverse && 'lg:order-1')}>{image}</div>
      </div>
    </section>
  );
}

/** The first about section: who Corral is for. */
export function CommunityAbout() {
  return (
    <SplitSection
      id="about"
      eyebrow="About Corral"
      title="A home for everyone behind the chutes"
      intro="Rodeo runs on people: contestants hauling from town to town, the committees and secretaries who put on a show, and the families and fans in the stands. Corral gives all of them one place to meet."
      points={[
        {
          title: 'Riders',
          text: 'post their runs, wins and road trips with photos, and keep a profile that is public or for friends only.',
        },
        {
          title: 'Organisers',
          text: 'publish events with every performance and the added money, where contestants already look.',
        },
        {
          title: 'Fans and families',
          text: 'follow the rodeos near them and keep up with the friends they made at the last one.',
        },
      ]}
      image={
        <img
          src="/assets/img/home/arena.svg"
          alt="A rider loping past barrels in an arena at sunset, the stands and the hills behind"
          width={560}
          height={420}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-3xl shadow-xl shadow-leather-900/15"
        />
      }
    />
  );
}

/** The second about section: events, performances, added money and calendar feeds. */
export function EventsAbout() {
  return (
    <SplitSection
      id="events"
      reverse
      className="bg-white"
      eyebrow="For organisers and contestants"
      title="From the entry list to the short round"
      intro="Put your rodeo on Corral once, with its poster, every performance and the added money. Contestants and fans find it among upcoming and suggested events, and take it with them."
      points={[
        {
          title: 'Performances, not just dates.',
          text: 'Each event lists its performances with their own days and times, so nobody misses slack or the finals.',
        },
        {
          title: 'Added money up front.',
          text: 'The purse is on the event card, where contestants plan their season.',
        },
        {
          title: 'Calendar feeds.',
          text: 'Members add an event to their calendar app, or subscribe to one feed (.ics) that keeps their events in step.',
        },
      ]}
      image={
        <img
          src="/assets/img/home/events.svg"
          alt="An event on Corral: Red Dirt Spring Rodeo, $25,000 added money, three performances and a calendar feed"
          width={560}
          height={440}
          loading="lazy"
          decoding="async"
          className="h-auto w-full"
        />
      }
    />
  );
}
