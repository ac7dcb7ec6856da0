import {
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  Loader2Icon,
  ShieldCheckIcon,
  Trash2Icon,
} from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, createDataDeletionRequest } from "@/lib/api";
import { signOut } from "@/lib/auth";
import { useSession } from "@/lib/session";
import { CONTACT_EMAIL } from "@/lib/site";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "@/lib/validation";

type Stage = "info" | "confirm" | "submitted";

// The spec's exact strings (connections.md §8).
const SUBMITTED_MESSAGE =
  "Your data deletion request has been submitted. You will receive a confirmation email shortly.";
const SUBMIT_FAILED_MESSAGE =
  "There was an error submitting your request. Please try again or contact support.";
const SIGN_OUT_DELAY_MS = 3000;

const DELETED_ITEMS = [
  "Your account, e-mail address and sign-in sessions",
  "Your brands: names, colours, logos, watermarks and company profiles",
  "Your posts, captions, generated images, templates and assistant conversations",
  "Connected Facebook pages and ad accounts, including their stored access tokens",
];

export function DeleteDataPage() {
  const session = useSession();
  const [stage, setStage] = useState<Stage>("info");
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const ids = { email: useId(), reason: useId(), error: useId() };
  const signedInEmail = session.status === "signed-in" ? session.user.email : null;

  useEffect(() => {
    // Pre-fill for a signed-in visitor, without overwriting anything they already typed.
    if (signedInEmail) setEmail((current) => current || signedInEmail);
  }, [signedInEmail]);

  useEffect(() => {
    if (stage !== "submitted" || !signedInEmail) return;
    // Spec: a signed-in user is signed out 3 seconds after the request.
    const timer = window.setTimeout(() => {
      signOut().catch(() => undefined);
    }, SIGN_OUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [stage, signedInEmail]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setEmailInvalid(false);
    if (!isValidEmail(email)) {
      setEmailInvalid(true);
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setSubmitting(true);
    try {
      const trimmedReason = reason.trim();
      await createDataDeletionRequest({
        email: email.trim(),
        ...(trimmedReason ? { reason: trimmedReason } : {}),
      });
      setStage("submitted");
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "invalid_input") {
        const emailIssue = caught.issues?.find((issue) => issue.path === "email");
        if (emailIssue) {
          setEmailInvalid(true);
          setError(INVALID_EMAIL_MESSAGE);
          return;
        }
      }
      setError(SUBMIT_FAILED_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

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
        <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8" data-testid={`delete-stage-${stage}`}>
          {stage === "info" && (
            <div className="space-y-6">
              <div className="space-y-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
                  <Trash2Icon className="size-5" aria-hidden="true" />
                </span>
                <h1 className="text-2xl font-semibold tracking-tight">Delete Your Data</h1>
                <p className="text-muted-foreground">
                  You can ask us to delete all personal data Social Media Manager holds about you. This is
                  permanent and cannot be undone.
                </p>
              </div>
              <div className="space-y-2">
                <h2 className="text-sm font-medium">What will be deleted</h2>
                <ul className="space-y-2 text-sm text-muted-foreground">
                  {DELETED_ITEMS.map((item) => (
                    <li key={item} className="flex gap-2">
                      <CircleCheckIcon
                        className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                        aria-hidden="true"
                      />
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
                <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <p className="text-muted-foreground">
                  Your personal data is removed within 30 days of your request. Posts already published on
                  Facebook or Instagram stay there; delete them on those platforms if you wish.
                </p>
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                <Button asChild variant="ghost">
                  <Link to="/">
                    <ArrowLeftIcon aria-hidden="true" />
                    Back to Home
                  </Link>
                </Button>
                <Button variant="destructive" onClick={() => setStage("confirm")} data-testid="delete-start">
                  Request Data Deletion
                </Button>
              </div>
            </div>
          )}

          {stage === "confirm" && (
            <form className="space-y-6" onSubmit={(event) => void handleSubmit(event)} noValidate>
              <div className="space-y-2">
                <h1 className="text-2xl font-semibold tracking-tight">Confirm Deletion Request</h1>
                <p className="text-muted-foreground">
                  Enter the e-mail address of your account. We will send a confirmation to it and remove your
                  personal data within 30 days.
                </p>
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.email}>Account e-mail</Label>
                <Input
                  id={ids.email}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={emailInvalid || undefined}
                  aria-describedby={error ? ids.error : undefined}
                  data-testid="delete-email"
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.reason}>
                  Reason <span className="font-normal text-muted-foreground">(optional)</span>
                </Label>
                <Textarea
                  id={ids.reason}
                  rows={3}
                  placeholder="Tell us why you are leaving, if you like."
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  maxLength={1000}
                  data-testid="delete-reason"
                />
              </div>
              {error && (
                <Alert variant="destructive" id={ids.error} data-testid="delete-error">
                  <CircleAlertIcon aria-hidden="true" />
                  <AlertDescription>{error}</AlertDescription>
                </Alert>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setError(null);
                    setStage("info");
                  }}
                  data-testid="delete-cancel"
                >
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={submitting}
                  data-testid="delete-confirm"
                >
                  {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                  Delete My Data
                </Button>
              </div>
            </form>
          )}

          {stage === "submitted" && (
            <div className="space-y-6 text-center" role="status">
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
                <CircleCheckIcon className="size-6" aria-hidden="true" />
              </span>
              <div className="space-y-2">
                <h1 className="text-2xl font-semibold tracking-tight">Request Submitted</h1>
                <p className="text-muted-foreground" data-testid="delete-submitted-message">
                  {SUBMITTED_MESSAGE}
                </p>
                <p className="text-sm text-muted-foreground">
                  Your personal data will be removed within 30 days.
                  {signedInEmail ? " You will be signed out in a few seconds." : ""}
                </p>
              </div>
              <Button asChild variant="outline">
                <Link to="/">
                  <ArrowLeftIcon aria-hidden="true" />
                  Back to Home
                </Link>
              </Button>
            </div>
          )}
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
