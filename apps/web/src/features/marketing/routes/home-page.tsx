import { CommunityAbout, EventsAbout } from '../components/about-sections.tsx';
import { DownloadSection } from '../components/download-section.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { MessagingCarousel } from '../components/messaging-carousel.tsx';
import { TestimonialsSection } from '../components/testimonials-section.tsx';

/**
 * The marketing home, in the spec's order (the dark header and the footer come from the public layout):
 * hero, about, messaging carousel, second about, testimonials, features, download call to action.
 * Static markup only: it is prerendered, and its behaviour lives in site/enhance.ts.
 */
export function HomePage() {
  return (
    <main>
      <HeroSection />
      <CommunityAbout />
      <MessagingCarousel />
      <EventsAbout />
      <TestimonialsSection />
      <FeatureGrid />
      <DownloadSection />
    </main>
  );
}
