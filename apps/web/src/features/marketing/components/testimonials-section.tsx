import { SectionHeading } from './section-heading.tsx';
import { SlideCarousel } from './slide-carousel.tsx';

/** Illustrative stories (the spec's placeholder entries), written as the members Corral is built for. */
const TESTIMONIALS = [
  {
    quote:
      'I used to check three groups to know where the added money was. Now the rodeos I care about sit in one list, and every performance is on my phone’s calendar.',
    name: 'Kaylee R.',
    role: 'Barrel racer, Texas',
    initials: 'KR',
  },
  {
    quote:
      'We posted our spring rodeo with all three performances and the added money. Contestants were sharing it with their traveling partners the same night.',
    name: 'Dale M.',
    role: 'Rodeo committee secretary, Oklahoma',
    initials: 'DM',
  },
  {
    quote:
      'My son ropes; I’m the one in the stands with the camera. Corral is where our photos end up, and where the other families find them.',
    name: 'Rosa T.',
    role: 'Roping mom, New Mexico',
    initials: 'RT',
  },
  {
    quote:
      'I met half my friends on the road. Now I actually keep up with them between rodeos instead of losing numbers every summer.',
    name: 'Colt B.',
    role: 'Saddle bronc rider, Montana',
    initials: 'CB',
  },
  {
    quote:
      'My profile is for friends only. Knowing who sees my posts mattered to me before I’d share anything about my horses.',
    name: 'Jess W.',
    role: 'Team roper, Alberta',
    initials: 'JW',
  },
];

export function TestimonialsSection() {
  return (
    <section id="community" aria-labelledby="community-title" className="scroll-mt-16 bg-leather-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="community-title" eyebrow="Community" title="Heard around the arena">
          What riders, organisers and families tell us they use Corral for.
        </SectionHeading>
        <div className="mt-10">
          <SlideCarousel
            label="Member stories"
            trackClassName="pr-12 md:pr-4"
            slideClassName="basis-full md:basis-[calc(50%-0.5rem)] lg:basis-[calc(33.333%-0.667rem)]"
            slides={TESTIMONIALS.map((item) => ({
              key: item.name,
              content: (
                <figure className="flex w-full flex-col justify-between gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-leather-100">
                  <blockquote className="text-lg leading-relaxed text-stone-800">
                    <p>“{item.quote}”</p>
                  </blockquote>
                  <figcaption className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="grid size-11 shrink-0 place-items-center rounded-full bg-leather-800 text-sm font-bold text-white"
                    >
                      {item.initials}
                    </span>
                    <span className="text-sm">
                      <span className="block font-semibold text-leather-950">{item.name}</span>
                      <span className="text-stone-600">{item.role}</span>
                    </span>
                  </figcaption>
                </figure>
              ),
            }))}
          />
        </div>
        <p className="mt-4 text-center text-xs text-stone-600">Illustrative member stories.</p>
      </div>
    </section>
  );
}
