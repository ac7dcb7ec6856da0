import { ArrowRightIcon, CircleCheckIcon, PlayIcon, SparklesIcon } from "lucide-react";
import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonVariants } from "@/components/ui/button-variants";
import { FOOTER_PRODUCT, HERO_PROOF } from "@/pages/landing/landing-content";

function scrollToDemo() {
  document.getElementById("demo")?.scrollIntoView({ behavior: "smooth", block: "start" });
}

export function LandingHeader() {
  return (
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
  );
}

export function HeroSection() {
  return (
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
          Generate on-brand posts with AI, approve them with a swipe, and publish to Facebook and Instagram at
          the right time. Just chat with your assistant.
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
  );
}
