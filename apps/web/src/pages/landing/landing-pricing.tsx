import { clsx } from "clsx";
import { CheckIcon } from "lucide-react";
import { Link } from "react-router";

import { buttonVariants } from "@/components/ui/button-variants";
import { PLANS } from "@/pages/landing/landing-content";
import { SectionHeading } from "@/pages/landing/landing-sections";

export function PricingSection() {
  return (
    <section id="pricing" className="scroll-mt-16 border-t bg-muted/30 py-20 md:py-28">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading
          eyebrow="Pricing"
          title="Simple plans that grow with you"
          description="Start free. Upgrade when you need more posts, more platforms and automation."
        />
        <div className="mt-14 grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <div
              key={plan.name}
              className={clsx(
                "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
                plan.highlighted &&
                  "border-brand-primary/60 shadow-lg shadow-brand-primary/10 lg:-mt-4 lg:mb-4",
              )}
              data-testid={`plan-${plan.name.toLowerCase()}`}
            >
              {plan.highlighted && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                  Most Popular
                </span>
              )}
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1.5">
                <span className="text-4xl font-semibold tracking-tight">{plan.price}</span>
                <span className="text-sm text-muted-foreground">{plan.period}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-accent" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to="/login"
                data-testid={`plan-${plan.name.toLowerCase()}-cta`}
                className={buttonVariants({
                  variant: plan.highlighted ? "default" : "outline",
                  className: "mt-8 w-full",
                })}
              >
                {plan.cta}
              </Link>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function CallToActionSection() {
  return (
    <section className="py-20 md:py-28">
      <div className="mx-auto max-w-4xl px-4 md:px-6">
        <div className="relative overflow-hidden rounded-3xl border bg-gradient-to-br from-brand-primary/15 via-brand-secondary/10 to-brand-accent/10 px-6 py-14 text-center sm:px-12">
          <h2 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Ready to put your social media on autopilot?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-muted-foreground">
            Set up your brand in five minutes and get your first AI-generated post today.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/login" className={buttonVariants({ size: "lg", className: "w-full sm:w-auto" })}>
              Start Free Trial
            </Link>
            <Link
              to="/login"
              className={buttonVariants({
                variant: "outline",
                size: "lg",
                className: "w-full sm:w-auto",
              })}
            >
              Talk to Sales
            </Link>
          </div>
          <p className="mt-6 text-sm text-muted-foreground">
            No credit card required • 14-day free trial • Cancel anytime
          </p>
        </div>
      </div>
    </section>
  );
}
