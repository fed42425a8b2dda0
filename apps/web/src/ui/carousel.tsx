import { clsx } from 'clsx';
import { Children, type ReactNode, useLayoutEffect, useRef } from 'react';
import { setUpCarousel } from '../site/carousel.ts';
import { Icon } from './icons.tsx';

export interface CarouselProps {
  /** Names the carousel for screen readers, e.g. 'People you may know'. */
  label: string;
  /** Width classes of each slide: 'basis-full min-[480px]:basis-1/2 md:basis-1/3' shows 1, 2 then 3. */
  slideClassName?: string;
  dots?: boolean;
  children: ReactNode;
}

/**
 * A carousel: a CSS scroll-snap track (swipe, trackpad and the keyboard's focus scroll it by themselves),
 * previous and next buttons (disabled at the ends, shown when there is more than one view), optional dots.
 * The buttons get their behaviour from site/carousel.ts, the code the public pages' carousels run
 * (site/enhance.ts): one implementation for both. Slides are in the tab order, so keyboard users reach every card.
 */
export function Carousel({ label, slideClassName = 'basis-full', dots = false, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const root = useRef<HTMLDivElement>(null);
  // Set up again when the number of slides changes: it finds the slides and dots once. Before the browser paints:
  // the controls shown after a first paint would push what is below down (a layout shift, ADR 018's first screen).
  useLayoutEffect(() => {
    const element = root.current;
    return element && slides.length > 0 ? setUpCarousel(element) : undefined;
  }, [slides.length]);

  return (
    // A group, not a region: the carousel sits in a section of the same name, and two landmarks would repeat it.
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names the carousel a group
    <div ref={root} data-carousel role="group" aria-roledescription="carousel" aria-label={label} className="relative">
      {/* The slides' left padding is the gap; the track reaches that far left so the first card lines up. It is the
          containing block of what slides place absolutely (sr-only texts), which its scrolling must clip too. */}
      <div
        data-carousel-track
        className="relative -ml-3 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order
            key={index}
            data-carousel-slide
            className={clsx('min-w-0 shrink-0 grow-0 snap-start pl-3', slideClassName)}
            aria-roledescription="slide"
            role="group"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
      <div data-carousel-controls hidden className="mt-3 flex items-center justify-between gap-2">
        <button
          type="button"
          data-carousel-prev
          aria-label="Previous"
          className="rounded-full border border-leather-200 bg-white p-2 text-leather-800 hover:bg-leather-50 disabled:opacity-40"
        >
          <Icon name="chevronLeft" className="size-4" />
        </button>
        {dots && (
          <div className="flex">
            {slides.map((_, index) => (
              // A 24 px target (WCAG 2.5.8) around a small dot; site/carousel.ts sets aria-current and hides dots past the last view.
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide
                key={index}
                type="button"
                data-carousel-dot
                aria-label={`Go to slide ${index + 1}`}
                className="group inline-flex size-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full border border-leather-600 bg-white group-hover:bg-leather-200 group-aria-[current=true]:border-leather-700 group-aria-[current=true]:bg-leather-700"
                />
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          data-carousel-next
          aria-label="Next"
          className="rounded-full border border-leather-200 bg-white p-2 text-leather-800 hover:bg-leather-50 disabled:opacity-40"
        >
          <Icon name="chevronRight" className="size-4" />
        </button>
      </div>
    </div>
  );
}
