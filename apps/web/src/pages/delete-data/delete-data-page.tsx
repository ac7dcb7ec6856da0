import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { CONTACT_EMAIL } from "@/lib/site";

import { ConfirmStage, InfoStage, LinkStage, SubmittedStage } from "./delete-data-stages";
import { useDeleteDataPage } from "./use-delete-data-page";

/** The public /delete page: three stages (info, confirm, submitted), the state in useDeleteDataPage. */
export function DeleteDataPage() {
  const s = useDeleteDataPage();

  return (
    <div className="min-h-svh bg-muted/40 dark:bg-background">
      <header className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-3 md:px-6">
        <Link
          to="/"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Social Media Manager home"
        >
          <Logo className="text-sm" />
        </Link>
        <ThemeToggle className="ml-auto" />
      </header>

      <main id="main" className="mx-auto max-w-xl px-4 py-8 md:py-14">
        <div
          className="rounded-xl border bg-card p-6 shadow-sm sm:p-8"
          data-testid={`delete-stage-${s.stage}`}
        >
          {s.stage === "info" && <InfoStage s={s} />}
          {s.stage === "confirm" && <ConfirmStage s={s} />}
          {s.stage === "submitted" && <SubmittedStage s={s} />}
          {s.stage === "link" && <LinkStage s={s} />}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Questions? Write to{" "}
          <a className="underline underline-offset-4 hover:text-foreground" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
          . Read our{" "}
          <Link className="underline underline-offset-4 hover:text-foreground" to="/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </main>
    </div>
  );
}
