import { ArrowLeftIcon, LayoutDashboardIcon } from "lucide-react";
import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { LEGAL_LAST_UPDATED } from "@/lib/site";

export type LegalBlock = string | { list: string[] };
export type LegalSection = { title: string; body: LegalBlock[] };

function slugify(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Privacy policy and terms share one layout: numbered sections, a contents list, and the spec's two links. */
export function LegalLayout({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <div className="min-h-svh bg-background">
      <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 md:px-6">
          <Link
            to="/"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label="Social Media Manager home"
          >
            <Logo className="text-sm" compact />
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <Button asChild variant="ghost" className="px-2.5" data-testid="legal-dashboard-link">
              <Link to="/dashboard">
                <LayoutDashboardIcon aria-hidden="true" />
                Dashboard
              </Link>
            </Button>
            <ThemeToggle />
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto max-w-5xl px-4 py-10 md:px-6 md:py-14">
        <Button asChild variant="link" className="mb-6 h-10 px-0 text-muted-foreground">
          <Link to="/" data-testid="legal-home-link">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>

        <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Sections" className="hidden lg:block">
            <ol className="sticky top-24 space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.title}>
                  <a
                    href={`#${slugify(section.title)}`}
                    className="block rounded-md px-2 py-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className="min-w-0 max-w-3xl">
            <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">{title}</h1>
            <p className="mt-3 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
            <p className="mt-6 leading-relaxed text-muted-foreground">{intro}</p>

            <div className="mt-10 space-y-10">
              {sections.map((section, index) => (
                <section key={section.title} id={slugify(section.title)} className="scroll-mt-24">
                  <h2 className="text-lg font-semibold tracking-tight">
                    {index + 1}. {section.title}
                  </h2>
                  <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground">
                    {section.body.map((block) =>
                      typeof block === "string" ? (
                        <p key={block}>{block}</p>
                      ) : (
                        <ul key={block.list.join("|")} className="list-disc space-y-1.5 pl-5">
                          {block.list.map((item) => (
                            <li key={item}>{item}</li>
                          ))}
                        </ul>
                      ),
                    )}
                  </div>
                </section>
              ))}
            </div>

            <div className="mt-14 flex flex-wrap gap-3 border-t pt-8">
              <Button asChild variant="outline">
                <Link to="/">
                  <ArrowLeftIcon aria-hidden="true" />
                  Return to Home
                </Link>
              </Button>
              <Button asChild>
                <Link to="/dashboard">
                  <LayoutDashboardIcon aria-hidden="true" />
                  Go to Dashboard
                </Link>
              </Button>
            </div>
          </article>
        </div>
      </main>
    </div>
  );
}
