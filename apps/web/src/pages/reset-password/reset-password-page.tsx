import { findPasswordProblem, PASSWORD_PROBLEMS } from "@smm/domain/account/password";
import { ArrowLeftIcon, CircleAlertIcon, KeyRoundIcon, Loader2Icon, MailCheckIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";

import { Logo } from "@/components/logo";
import { PasswordInput } from "@/components/password-input";
import { ThemeToggle } from "@/components/theme-toggle";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api";
import { RESET_PASSWORD_PATH, requestPasswordReset, resetPassword } from "@/lib/auth";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "@/lib/validation";

/*
 * Forgotten password, in two steps on one page: without a token it asks for the e-mail and sends the link;
 * the link comes back here with ?token= and the person chooses a new password under the same rule as sign-up.
 * It is also the way into an account locked by someone guessing at its password.
 */

const MESSAGES = {
  fillAllFields: "Please fill in all fields",
  passwordsDoNotMatch: "Passwords do not match",
  linkSent:
    "If an account exists for this e-mail, we have sent it a link to choose a new password. Check your inbox.",
  linkInvalid: "This reset link is invalid or has expired. Ask for a new one below.",
  generic: "Something went wrong. Please try again.",
} as const;

function describeError(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message) {
    return error.code === "INVALID_TOKEN" ? MESSAGES.linkInvalid : error.message;
  }
  return MESSAGES.generic;
}

function ResetLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="relative flex min-h-svh flex-col bg-muted/40 dark:bg-background">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/10 to-transparent"
        aria-hidden="true"
      />
      <header className="relative flex h-14 items-center justify-between px-3 md:px-6">
        <Button asChild variant="ghost" className="px-2.5">
          <Link to="/login">
            <ArrowLeftIcon aria-hidden="true" />
            Sign in
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
              <h1 className="text-2xl font-semibold tracking-tight" data-testid="reset-title">
                {title}
              </h1>
              <p className="text-sm text-muted-foreground">{intro}</p>
            </div>
          </div>
          <div className="space-y-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6">{children}</div>
        </div>
      </main>
    </div>
  );
}

function ErrorAlert({ id, message }: { id: string; message: string }) {
  return (
    <Alert variant="destructive" id={id} data-testid="reset-error">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function RequestLinkForm({ linkInvalid }: { linkInvalid: boolean }) {
  const location = useLocation();
  const typedOnLogin = (location.state as { email?: string } | null)?.email ?? "";
  const [email, setEmail] = useState(typedOnLogin);
  const [error, setError] = useState<string | null>(linkInvalid ? MESSAGES.linkInvalid : null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const ids = { email: useId(), error: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    const trimmed = email.trim();
    if (!trimmed) {
      setError(MESSAGES.fillAllFields);
      return;
    }
    if (!isValidEmail(trimmed)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setSubmitting(true);
    try {
      await requestPasswordReset(trimmed);
      setSent(true);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <ResetLayout title="Reset your password" intro="We will e-mail you a link to choose a new password.">
      {sent ? (
        <Alert variant="success" data-testid="reset-link-sent">
          <MailCheckIcon aria-hidden="true" />
          <AlertDescription>{MESSAGES.linkSent}</AlertDescription>
        </Alert>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => void handleSubmit(event)}
          noValidate
          aria-describedby={error ? ids.error : undefined}
          data-testid="reset-request-form"
        >
          <div className="space-y-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@company.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error === INVALID_EMAIL_MESSAGE || undefined}
              data-testid="reset-email-input"
            />
          </div>
          {error && <ErrorAlert id={ids.error} message={error} />}
          <Button type="submit" className="w-full" disabled={submitting} data-testid="reset-request-submit">
            {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Send reset link
          </Button>
        </form>
      )}
    </ResetLayout>
  );
}

function ChoosePasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<"password" | "confirm" | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ids = { password: useId(), confirm: useId(), error: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setInvalidField(null);
    if (!password || !confirmPassword) {
      setInvalidField(password ? "confirm" : "password");
      setError(MESSAGES.fillAllFields);
      return;
    }
    if (password !== confirmPassword) {
      setInvalidField("confirm");
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    const problem = findPasswordProblem(password);
    if (problem) {
      setInvalidField("password");
      setError(PASSWORD_PROBLEMS[problem].message);
      return;
    }
    setSubmitting(true);
    try {
      await resetPassword({ token, newPassword: password });
      navigate("/login?reset=1", { replace: true });
    } catch (caught) {
      setError(describeError(caught));
      setSubmitting(false);
    }
  }

  return (
    <ResetLayout
      title="Choose a new password"
      intro="Other devices are signed out when your password changes."
    >
      <form
        className="space-y-4"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-describedby={error ? ids.error : undefined}
        data-testid="reset-password-form"
      >
        <div className="space-y-2">
          <Label htmlFor={ids.password}>New password</Label>
          <PasswordInput
            id={ids.password}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalidField === "password" || undefined}
            data-testid="reset-new-password"
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.confirm}>Confirm new password</Label>
          <PasswordInput
            id={ids.confirm}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            aria-invalid={invalidField === "confirm" || undefined}
            data-testid="reset-confirm-password"
          />
        </div>
        {error && <ErrorAlert id={ids.error} message={error} />}
        {error === MESSAGES.linkInvalid && (
          <Button asChild variant="outline" className="w-full">
            <Link to={RESET_PASSWORD_PATH} replace data-testid="reset-request-again">
              Send a new link
            </Link>
          </Button>
        )}
        <Button type="submit" className="w-full" disabled={submitting} data-testid="reset-submit">
          {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          <KeyRoundIcon aria-hidden="true" />
          Set new password
        </Button>
      </form>
    </ResetLayout>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  // better-auth sends a spent or expired link back here with ?error=INVALID_TOKEN instead of a token.
  if (token) return <ChoosePasswordForm key={token} token={token} />;
  return <RequestLinkForm linkInvalid={searchParams.get("error") !== null} />;
}
