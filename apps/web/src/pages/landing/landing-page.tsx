import {
  describeMonthlyPosts,
  formatPlanPrice,
  planMonthlyPrices,
  planNames,
} from "@smm/domain/plans/catalogue";
import { clsx } from "clsx";
import {
  ArrowRightIcon,
  CalendarClockIcon,
  ChartColumnIcon,
  CheckIcon,
  CircleCheckIcon,
  ClockIcon,
  GlobeIcon,
  type LucideIcon,
  PlayIcon,
  SparklesIcon,
  TrendingUpIcon,
} from "lucide-react";
import { Link } from "react-router";

import { FacebookIcon, InstagramIcon } from "@/components/brand-icons";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonVariants } from "@/components/ui/button-variants";
import { TestimonialCarousel } from "@/pages/landing/testimonial-carousel";

const FEATURES: { title: string; description: string; icon: LucideIcon; id?: string }[] = [
  {
    title: "AI Content Generation",
    description:
      "Describe an idea in one sentence and get a caption and an image in your brand's colours, tone and language.",
    icon: SparklesIcon,
  },
  {
    title: "Smart Scheduling",
    description:
      "Drag approved posts onto the calendar or let the assistant pick the hours your audience is most active.",
    icon: CalendarClockIcon,
  },
  {
    title: "Advanced Analytics",
    description:
      "See reach, engagement and audience insights for every page, and which posts performed best.",
    icon: ChartColumnIcon,
  },
  {
    title: "Multi-Platform Support",
    description:
      "Publish to Facebook pages and Instagram accounts from one place, each post previewed as it will look.",
    icon: GlobeIcon,
    id: "integrations",
  },
];

// Marketing claims as given in the product spec (connections.md §1).
const HERO_PROOF = ["10,000+ active users", "4.9/5 rating", "50+ countries"];
const STATS = [
  { value: "10M+", label: "Posts generated" },
  { value: "500K+", label: "Hours saved" },
  { value: "98%", label: "Satisfaction" },
  { value: "150%", label: "Average engagement boost" },
];

// Names, prices and post counts come from the plan catalogue the server sells from; the rest is marketing copy.
const PLANS = [
  {
    name: planNames.free,
    price: formatPlanPrice(planMonthlyPrices.free),
    period: "forever",
    description: "For trying things out and small side projects.",
    features: [describeMonthlyPosts("free"), "Basic analytics", "Single platform", "Community support"],
    cta: "Get Started",
    highlighted: false,
  },
  {
    name: planNames.pro,
    price: formatPlanPrice(planMonthlyPrices.pro),
    period: "per month",
    description: "For businesses that post every week.",
    features: [
      describeMonthlyPosts("pro"),
      "Advanced analytics",
      "Multi-platform",
      "Priority support",
      "Custom branding",
      "Team collaboration",
    ],
    cta: "Start Free Trial",
    highlighted: true,
  },
  {
    name: planNames.enterprise,
    price: formatPlanPrice(planMonthlyPrices.enterprise),
    period: "per month",
    description: "For agencies and teams that automate at scale.",
    features: [
      describeMonthlyPosts("enterprise"),
      "AI Social Media Agent",
      "Advanced automation",
      "Custom integrations",
      "Dedicated support",
      "API access",
    ],
    cta: "Contact Sales",
    highlighted: false,
  },
];

const FOOTER_PRODUCT = [
  { label: "Features", href: "#features" },
  { label: "Pricing", href: "#pricing" },
  { label: "Demo", href: "#demo" },
  { label: "Integrations", href: "#integrations" },
];
const FOOTER_SUPPORT = [
  { label: "Help Center", href: "#help" },
  { label: "Contact", href: "#contact" },
  { label: "API", href: "#api" },
  { label: "Status", href: "#status" },
];
const FOOTER_LEGAL = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Delete Data", to: "/delete" },
];

function scrollToDemo() {
  document.getElementById("demo")?.scrollIntoView({ behavior: "smooth", block: "start" });
}

function SectionHeading({
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

/** A static illustration of the product; labelled as a sample so nobody mistakes it for real data. */
function SampleDashboard() {
  const rows = [
    {
      network: "Facebook",
      icon: FacebookIcon,
      text: "Fresh beans from Colombia just landed. Which roast are you trying first?",
      status: "Scheduled",
    },
    {
      network: "Instagram",
      icon: InstagramIcon,
      text: "Behind the counter: how we dial in the perfect espresso every morning.",
      status: "Pending",
    },
    {
      network: "Facebook",
      icon: FacebookIcon,
      text: "Weekend hours are here. Come say hi from 8 to 18 on Saturday.",
      status: "Published",
    },
  ];
  return (
    <div className="min-w-0 overflow-hidden rounded-2xl border bg-card shadow-xl shadow-brand-primary/5">
      <div className="flex items-center gap-2 border-b px-4 py-3">
        <span className="size-2.5 rounded-full bg-red-400/80" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-amber-400/80" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-emerald-400/80" aria-hidden="true" />
        <span className="ml-3 text-xs font-medium text-muted-foreground">Dashboard · sample preview</span>
      </div>
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="grid grid-cols-3 gap-3">
          {[
            { label: "Pending", value: "4" },
            { label: "Scheduled", value: "12" },
            { label: "Published", value: "28" },
          ].map((stat) => (
            <div key={stat.label} className="rounded-lg border bg-background/60 p-3">
              <div className="text-xs text-muted-foreground">{stat.label}</div>
              <div className="mt-1 text-xl font-semibold">{stat.value}</div>
            </div>
          ))}
        </div>
        <ul className="divide-y rounded-lg border bg-background/60">
          {rows.map((row) => (
            <li key={row.text} className="flex items-start gap-3 p-3">
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-brand-primary/20 to-brand-secondary/20 text-brand-primary">
                <row.icon className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm">{row.text}</p>
                <p className="text-xs text-muted-foreground">{row.network}</p>
              </div>
              <span
                className={clsx(
                  "shrink-0 rounded-md px-2 py-0.5 text-xs font-medium",
                  row.status === "Published" && "bg-brand-accent/15 text-emerald-800 dark:text-emerald-300",
                  row.status === "Scheduled" && "bg-brand-primary/15 text-blue-800 dark:text-blue-300",
                  row.status === "Pending" && "bg-amber-500/15 text-amber-800 dark:text-amber-300",
                )}
              >
                {row.status}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="min-h-svh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 md:px-6">
          <Link
            to="/"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label="Social Media Manager home"
          >
            <Logo className="text-sm" textClassName="max-sm:sr-only" />
          </Link>
          <nav aria-label="Page sections" className="ml-6 hidden items-center gap-1 text-sm md:flex">
            {FOOTER_PRODUCT.slice(0, 3).map((item) => (
              <a
                key={item.href}
                href={item.href}
                className="rounded-md px-3 py-2 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {item.label}
              </a>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <Link
              to="/login"
              data-testid="landing-sign-in"
              className={buttonVariants({ variant: "ghost", className: "max-sm:px-3" })}
            >
              Sign In
            </Link>
            <Link
              to="/login"
              data-testid="landing-get-started"
              className={buttonVariants({ className: "max-sm:px-3" })}
            >
              Get Started Free
            </Link>
          </div>
        </div>
      </header>

      <main id="main">
        <section className="relative overflow-hidden">
          <div
            className="pointer-events-none absolute inset-0 -z-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklab,var(--brand-primary)_22%,transparent),transparent),radial-gradient(40rem_24rem_at_85%_10%,color-mix(in_oklab,var(--brand-secondary)_18%,transparent),transparent)]"
            aria-hidden="true"
          />
          <div className="relative mx-auto max-w-6xl px-4 pt-16 pb-20 text-center md:px-6 md:pt-24 md:pb-28">
            <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground">
              <SparklesIcon className="size-3.5 text-brand-secondary" aria-hidden="true" />
              AI posts, approvals and scheduling in one place
            </p>
            <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl md:text-6xl">
              Your social media,{" "}
              <span className="bg-gradient-to-r from-brand-primary via-brand-secondary to-brand-accent bg-clip-text text-transparent">
                on autopilot
              </span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-balance">
              Generate on-brand posts with AI, approve them with a swipe, and publish to Facebook and
              Instagram at the right time. Just chat with your assistant.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link
                to="/login"
                data-testid="hero-start-trial"
                className={buttonVariants({ size: "lg", className: "w-full sm:w-auto" })}
              >
                Start Free Trial
                <ArrowRightIcon aria-hidden="true" />
              </Link>
              <button
                type="button"
                className={buttonVariants({ variant: "outline", size: "lg", className: "w-full sm:w-auto" })}
                onClick={scrollToDemo}
                data-testid="hero-watch-demo"
              >
                <PlayIcon aria-hidden="true" />
                Watch Demo
              </button>
            </div>
            <ul className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
              {HERO_PROOF.map((item) => (
                <li key={item} className="flex items-center gap-1.5">
                  <CircleCheckIcon className="size-4 text-brand-accent" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </section>

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

        <section aria-label="In numbers" className="border-y bg-muted/40 py-14">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4 md:px-6">
            {STATS.map((stat) => (
              <div key={stat.label}>
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="order-first text-3xl font-semibold tracking-tight sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>

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
      </main>

      <footer className="border-t">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 md:grid-cols-4 md:px-6">
          <div className="space-y-3">
            <Logo className="text-sm" />
            <p className="text-sm text-muted-foreground">
              AI-powered social media management for businesses and creators.
            </p>
          </div>
          <FooterColumn title="Product" links={FOOTER_PRODUCT} />
          <FooterColumn title="Support" links={FOOTER_SUPPORT} />
          <div>
            <h2 className="text-sm font-semibold">Legal</h2>
            <ul className="mt-3 space-y-1">
              {FOOTER_LEGAL.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-9 items-center rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="border-t">
          <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground md:px-6">
            © {new Date().getFullYear()} Social Media Manager. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}

function FooterColumn({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              id={title === "Support" ? link.href.slice(1) : undefined}
              className="inline-flex min-h-9 items-center rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
