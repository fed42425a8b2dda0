import { clsx } from 'clsx';
import useEmblaCarousel from 'embla-carousel-react';
import { Children, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Icon } from './icons.tsx';

export interface CarouselProps {
  /** Names the region for screen readers, e.g. 'People you may know'. */
  label: string;
  /** Width classes of each slide: 'basis-full min-[480px]:basis-1/2 md:basis-1/3' shows 1, 2 then 3. */
  slideClassName?: string;
  dots?: boolean;
  children: ReactNode;
}

/**
 * A carousel (embla): swipe or drag, previous and next buttons (disabled at the ends), optional dots.
 * Slides are in the tab order, so keyboard users reach every card.
 */
export function Carousel({ label, slideClassName = 'basis-full', dots = false, children }: CarouselProps) {
  const [viewport, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  const [state, setState] = useState({ previous: false, next: false, selected: 0, snaps: 0 });
  const slides = Children.toArray(children);

  useEffect(() => {
    if (!embla) return;
    const update = () =>
      setState({
        previous: embla.canScrollPrev(),
        next: embla.canScrollNext(),
        selected: embla.selectedScrollSnap(),
        snaps: embla.scrollSnapList().length,
      });
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div className="overflow-hidden" ref={viewport}>
        <div className="-ml-3 flex touch-pan-y">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order
              key={index}
              className={clsx('min-w-0 shrink-0 grow-0 pl-3', slideClassName)}
              aria-roledescription="slide"
              role="group"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {(state.previous || state.next) && (
        <div className="mt-3 flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={previous}
            disabled={!state.previous}
            aria-label="Previous"
            className="rounded-full border border-leather-200 bg-white p-2 text-leather-800 hover:bg-leather-50 disabled:opacity-40"
          >
            <Icon name="chevronLeft" className="size-4" />
          </button>
          {dots && (
            <div className="flex gap-1.5">
              {Array.from({ length: state.snaps }, (_, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: one dot per snap point
                  key={index}
                  type="button"
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === state.selected ? 'true' : undefined}
                  onClick={() => embla?.scrollTo(index)}
                  className={clsx(
                    'size-2.5 rounded-full',
                    index === state.selected ? 'bg-leather-700' : 'bg-leather-200 hover:bg-leather-300',
                  )}
                />
              ))}
            </div>
          )}
          <button
            type="button"
            onClick={next}
            disabled={!state.next}
            aria-label="Next"
            className="rounded-full border border-leather-200 bg-white p-2 text-leather-800 hover:bg-leather-50 disabled:opacity-40"
          >
            <Icon name="chevronRight" className="size-4" />
          </button>
        </div>
      )}
    </section>
  );
}
