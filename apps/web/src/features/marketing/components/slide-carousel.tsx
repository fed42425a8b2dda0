import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useEnhance } from '../../../site/use-enhance.ts';
import { Icon } from '../../../ui/icons.tsx';

/**
 * A carousel as static markup (the WAI-ARIA pattern): a labelled region, its slides as groups "N of M" in a
 * scroll-snap track that swipes and scrolls on its own, so every slide can be read without JavaScript. The
 * previous and next buttons and the dots appear once site/enhance.ts gives them their behaviour. No autoplay.
 */
export function SlideCarousel({
  label,
  slides,
  slideClassName,
  trackClassName = 'pr-4',
}: {
  label: string;
  slides: { key: string; content: ReactNode }[];
  /** Width of a slide, e.g. 'basis-full md:basis-[calc(50%-0.5rem)]' (the gap is 1rem). */
  slideClassName: string;
  /**
   * The track's end padding. Where a slide is narrower than the track (so the next one peeks in), enough
   * room after the last slide for it to snap to the start too: e.g. 'pr-12 md:pr-4' with 'basis-full' (a percentage basis is of the box inside the padding).
   */
  trackClassName?: string;
}) {
  const ref = useEnhance<HTMLElement>();
  return (
    <section ref={ref} data-carousel aria-roledescription="carousel" aria-label={label}>
      <div
        data-carousel-track
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so the keyboard must reach it (also without JavaScript)
        tabIndex={0}
        className={clsx(
          '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto overscroll-x-contain pt-1 pb-4 pl-4 [scrollbar-width:thin] focus-visible:-outline-offset-2',
          trackClassName,
        )}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
          <div
            key={slide.key}
            data-carousel-slide
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            className={clsx('flex shrink-0 snap-start', slideClassName)}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div data-carousel-controls hidden className="mt-2 flex items-center justify-center gap-3">
        <ArrowButton direction="prev" />
        <div className="flex items-center">
          {slides.map((slide, index) => (
            <button
              key={slide.key}
              type="button"
              data-carousel-dot
              aria-label={`Go to slide ${index + 1}`}
              className="group grid size-8 place-items-center rounded-full"
            >
              <span className="h-2.5 w-2.5 rounded-full bg-leather-500 transition-all group-aria-[current=true]:w-6 group-aria-[current=true]:bg-leather-800 motion-reduce:transition-none" />
            </button>
          ))}
        </div>
        <ArrowButton direction="next" />
      </div>
    </section>
  );
}

function ArrowButton({ direction }: { direction: 'prev' | 'next' }) {
  const previous = direction === 'prev';
  return (
    <button
      type="button"
      data-carousel-prev={previous ? '' : undefined}
      data-carousel-next={previous ? undefined : ''}
      aria-label={previous ? 'Previous slide' : 'Next slide'}
      className="grid size-10 place-items-center rounded-full border border-leather-300 bg-white text-leather-800 hover:bg-leather-50 disabled:cursor-default disabled:opacity-40"
    >
      <Icon name={previous ? 'chevronLeft' : 'chevronRight'} className="size-5" />
    </button>
  );
}
