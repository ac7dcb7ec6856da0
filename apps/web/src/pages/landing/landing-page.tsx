import { LandingFooter } from "@/pages/landing/landing-footer";
import { HeroSection, LandingHeader } from "@/pages/landing/landing-hero";
import { CallToActionSection, PricingSection } from "@/pages/landing/landing-pricing";
import {
  DemoSection,
  FeaturesSection,
  StatsSection,
  TestimonialsSection,
} from "@/pages/landing/landing-sections";

export function LandingPage() {
  return (
    <div className="min-h-svh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <LandingHeader />

      <main id="main">
        <HeroSection />
        <FeaturesSection />
        <StatsSection />
        <TestimonialsSection />
        <DemoSection />
        <PricingSection />
        <CallToActionSection />
      </main>

      <LandingFooter />
    </div>
  );
}
