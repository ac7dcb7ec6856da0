import { ArrowLeftIcon, CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/*
 * The frame the signed-out account pages share (sign in / sign up, forgotten password): one back link,
 * the logo, a titled card. Each page keeps its own test ids, so they are passed in.
 */

export function AuthLayout({
  back,
  title,
  titleTestId,
  intro,
  children,
  after,
}: {
  back: { to: string; label: string };
  title: string;
  titleTestId: string;
  intro: string;
  children: ReactNode;
  /** Below the card (the sign-in page's terms line). */
  after?: ReactNode;
}) {
  return (
    <div className="relative flex min-h-svh flex-col bg-muted/40 dark:bg-background">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/10 to-transparent"
        aria-hidden="true"
      />
      <header className="relative flex h-14 items-center justify-between px-3 md:px-6">
        <Button asChild variant="ghost" className="px-2.5">
          <Link to={back.to}>
            <ArrowLeftIcon aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
        <ThemeToggle />
      </header>
      <main
        id="main"
        className="relative flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center"
      >
        <div className="w-full max-w-sm space-y-6">
          <div className="flex flex-col items-center gap-4 text-center">
            <Logo compact />
            <div className="space-y-1.5">
              <h1 className="text-2xl font-semibold tracking-tight" data-testid={titleTestId}>
                {title}
              </h1>
              <p className="text-sm text-muted-foreground">{intro}</p>
            </div>
          </div>
          <div className="space-y-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6">{children}</div>
          {after}
        </div>
      </main>
    </div>
  );
}

/** The e-mail field both forms ask for first. */
export function EmailField({
  id,
  value,
  onChange,
  invalid,
  testId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  testId: string;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        data-testid={testId}
      />
    </div>
  );
}

/** A refused submit, which the form points at with aria-describedby. */
export function AuthErrorAlert({ id, message, testId }: { id: string; message: string; testId: string }) {
  return (
    <Alert variant="destructive" id={id} data-testid={testId}>
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
