import { ClockIcon, SparklesIcon, TrendingUpIcon } from "lucide-react";

import { FEATURES, STATS } from "@/pages/landing/landing-content";
import { SampleDashboard } from "@/pages/landing/sample-dashboard";
import { TestimonialCarousel } from "@/pages/landing/testimonial-carousel";

export function SectionHeading({
  eyebrow,
  title,
  description,
}: {
  eyebrow: string;
  title: string;
  description: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold text-brand-primary-text">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h2>
      <p className="mt-4 text-muted-foreground text-balance">{description}</p>
    </div>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-16 border-t py-20 md:py-28">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading
          eyebrow="Features"
          title="Everything you need to stay consistent"
          description="From the first idea to the published post, every step lives in one calm workspace."
        />
        <div className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <div
              key={feature.title}
              id={feature.id}
              className="scroll-mt-24 rounded-xl border bg-card p-6 transition-colors hover:border-brand-primary/40"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-gradient-to-br from-brand-primary/15 to-brand-secondary/15 text-brand-primary">
                <feature.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.description}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function StatsSection() {
  return (
    <section aria-label="In numbers" className="border-y bg-muted/40 py-14">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4 md:px-6">
        {STATS.map((stat) => (
          <div key={stat.label}>
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="order-first text-3xl font-semibold tracking-tight sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TestimonialsSection() {
  return (
    <section className="py-20 md:py-28">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading
          eyebrow="Testimonials"
          title="Loved by teams who post every day"
          description="Marketers, agencies and small business owners use Social Media Manager to keep their feeds alive."
        />
        <div className="mt-12">
          <TestimonialCarousel />
        </div>
      </div>
    </section>
  );
}

export function DemoSection() {
  return (
    <section id="demo" className="scroll-mt-16 border-t py-20 md:py-28">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 md:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-brand-primary-text">Demo</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">See It In Action</h2>
          <p className="mt-4 text-muted-foreground">
            Pending posts wait for your approval, scheduled posts sit on the calendar, and published posts
            report back how they did.
          </p>
          <ul className="mt-8 space-y-4">
            {[
              {
                icon: SparklesIcon,
                text: "Ask for a post in plain words; caption and image arrive together.",
              },
              { icon: ClockIcon, text: "Approve with one tap and it is scheduled for the best hour." },
              { icon: TrendingUpIcon, text: "Track reach and engagement without leaving the app." },
            ].map((item) => (
              <li key={item.text} className="flex gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted">
                  <item.icon className="size-4 text-brand-primary" aria-hidden="true" />
                </span>
                <span className="pt-1 text-sm">{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <SampleDashboard />
      </div>
    </section>
  );
}
