import { type Cleanup, listeners, reducedMotion } from './dom.ts';

/*
 * A module of its own so that the app's carousel (ui/carousel.tsx) loads this part of site/enhance.ts only.
 */

// ---------------------------------------------------------------------------------------------------------------
// Carousels: the track scrolls by itself (CSS scroll-snap: swipe, trackpad, keyboard); the buttons scroll it one
// slide at a time, the dots to a slide. No autoplay. Without JavaScript the controls stay hidden.

export function setUpCarousel(carousel: HTMLElement): Cleanup {
  const track = carousel.querySelector<HTMLElement>('[data-carousel-track]');
  const controls = carousel.querySelector<HTMLElement>('[data-carousel-controls]');
  if (!track || !controls) return () => {};
  const slides = Array.from(track.querySelectorAll<HTMLElement>('[data-carousel-slide]'));
  const previous = controls.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = controls.querySelector<HTMLButtonElement>('[data-carousel-next]');
  const dots = Array.from(controls.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]'));
  const events = listeners();
  let frame = 0;

  const maxScroll = () => track.scrollWidth - track.clientWidth;
  // Where slide i starts, relative to the track's scroll origin.
  const startOf = (index: number) => (slides[index]?.offsetLeft ?? 0) - (slides[0]?.offsetLeft ?? 0);
  const step = () => (slides.length > 1 ? startOf(1) : track.clientWidth) || track.clientWidth;
  // How many distinct positions the track can take: several slides may show at once on wide screens.
  const positions = () => {
    const max = maxScroll();
    return Math.max(1, slides.filter((_, index) => startOf(index) < max + 2).length);
  };
  const current = () => {
    if (track.scrollLeft >= maxScroll() - 2) return positions() - 1;
    return Math.round(track.scrollLeft / step());
  };
  const scrollToIndex = (index: number) => {
    track.scrollTo({ left: Math.min(startOf(index), maxScroll()), behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  const update = () => {
    frame = 0;
    const count = positions();
    const index = Math.min(current(), count - 1);
    controls.hidden = count < 2;
    // An arrow disabled under the keyboard's focus would drop the focus to the page: it moves to the other one.
    const atStart = index <= 0;
    const atEnd = index >= count - 1;
    if (atStart && previous && document.activeElement === previous) next?.focus();
    if (atEnd && next && document.activeElement === next) previous?.focus();
    if (previous) previous.disabled = atStart;
    if (next) next.disabled = atEnd;
    dots.forEach((dot, dotIndex) => {
      dot.hidden = dotIndex >= count;
      if (dotIndex === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };
  const schedule = () => {
    if (!frame) frame = window.requestAnimationFrame(update);
  };

  if (previous) events.on(previous, 'click', () => scrollToIndex(Math.max(0, current() - 1)));
  if (next) events.on(next, 'click', () => scrollToIndex(Math.min(positions() - 1, current() + 1)));
  dots.forEach((dot, index) => {
    events.on(dot, 'click', () => scrollToIndex(index));
  });
  events.on(track, 'scroll', schedule, { passive: true });
  events.on(window, 'resize', schedule);
  update();

  return () => {
    events.off();
    window.cancelAnimationFrame(frame);
    controls.hidden = true;
  };
}
