import { findPasswordProblem, PASSWORD_PROBLEMS } from "@smm/domain/web";
import { KeyRoundIcon, Loader2Icon, MailCheckIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";

import { AuthErrorAlert, AuthLayout, EmailField } from "@/components/auth/auth-layout";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
    <AuthLayout
      back={{ to: "/login", label: "Sign in" }}
      title={title}
      titleTestId="reset-title"
      intro={intro}
    >
      {children}
    </AuthLayout>
  );
}

function ErrorAlert({ id, message }: { id: string; message: string }) {
  return <AuthErrorAlert id={id} message={message} testId="reset-error" />;
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
          <EmailField
            id={ids.email}
            value={email}
            onChange={setEmail}
            invalid={error === INVALID_EMAIL_MESSAGE}
            testId="reset-email-input"
          />
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
