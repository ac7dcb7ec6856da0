import { CircleAlertIcon, CircleCheckIcon, InboxIcon, Loader2Icon, MailCheckIcon } from "lucide-react";
import { Link } from "react-router";

import { AuthErrorAlert, AuthLayout, EmailField } from "@/components/auth/auth-layout";
import { FacebookIcon } from "@/components/network-icons/facebook";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RESET_PASSWORD_PATH } from "@/lib/auth";

import { MESSAGES, useLoginPage } from "./use-login-page";

/** The server's local mailbox page (only offered when the server says it answers this browser). */
const LOCAL_MAILBOX_URL = "/api/mailbox";

/**
 * On the embedded mail default no message leaves the machine: instead of sending the newcomer to look for
 * files, the page says where the message is and opens it.
 */
function LocalMailboxHint() {
  return (
    <Alert data-testid="local-mailbox-hint">
      <InboxIcon aria-hidden="true" />
      <AlertDescription>
        <p>No mail server is set up here, so the message was kept on this machine instead of being sent.</p>
        <Button asChild size="sm" variant="outline" className="mt-1 h-10">
          <a href={LOCAL_MAILBOX_URL} data-testid="open-local-mailbox">
            Open it
          </a>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function LoginPage() {
  const {
    isSignUp,
    email,
    setEmail,
    password,
    setPassword,
    confirmPassword,
    setConfirmPassword,
    setPasswordLeft,
    error,
    fieldErrors,
    notice,
    mailKeptHere,
    submitting,
    facebookError,
    facebookPending,
    ids,
    passwordHint,
    passwordReset,
    verified,
    verifyError,
    switchMode,
    handleSubmit,
    handleFacebook,
  } = useLoginPage();

  const banner = notice ? (
    <Alert variant="success" data-testid="auth-notice">
      <MailCheckIcon aria-hidden="true" />
      <AlertDescription>{notice}</AlertDescription>
    </Alert>
  ) : passwordReset ? (
    <Alert variant="success" data-testid="password-reset-notice">
      <CircleCheckIcon aria-hidden="true" />
      <AlertDescription>{MESSAGES.passwordReset}</AlertDescription>
    </Alert>
  ) : verified && !verifyError ? (
    <Alert variant="success" data-testid="verified-notice">
      <CircleCheckIcon aria-hidden="true" />
      <AlertDescription>{MESSAGES.emailConfirmed}</AlertDescription>
    </Alert>
  ) : verifyError ? (
    <Alert variant="destructive" data-testid="verify-error">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{MESSAGES.confirmationLinkInvalid}</AlertDescription>
    </Alert>
  ) : null;

  return (
    <AuthLayout
      back={{ to: "/", label: "Home" }}
      title={isSignUp ? "Create Account" : "Welcome Back"}
      titleTestId="auth-title"
      intro={
        isSignUp
          ? "Start creating on-brand posts with AI in minutes."
          : "Sign in to manage your brands, posts and calendar."
      }
      after={
        <p className="px-4 text-center text-xs leading-relaxed text-muted-foreground">
          By continuing you agree to our{" "}
          <Link to="/terms" className="rounded-sm underline underline-offset-4 hover:text-foreground">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="rounded-sm underline underline-offset-4 hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      }
    >
      {banner}
      {mailKeptHere && <LocalMailboxHint />}

      <div className="space-y-2">
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={() => void handleFacebook()}
          disabled={facebookPending}
          data-testid="facebook-login"
        >
          {facebookPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <FacebookIcon className="size-4 text-[#1877F2]" />
          )}
          Continue with Facebook
        </Button>
        {facebookError && (
          <p className="text-sm text-destructive" role="alert" data-testid="facebook-error">
            {facebookError}
          </p>
        )}
      </div>

      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or continue with e-mail
        <span className="h-px flex-1 bg-border" />
      </div>

      <form
        className="space-y-4"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-describedby={error ? ids.error : undefined}
        data-testid="auth-form"
      >
        <EmailField
          id={ids.email}
          value={email}
          onChange={setEmail}
          invalid={Boolean(fieldErrors.email)}
          testId="email-input"
        />
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={ids.password}>Password</Label>
            {!isSignUp && (
              <Link
                to={RESET_PASSWORD_PATH}
                state={{ email: email.trim() }}
                className="rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                data-testid="forgot-password-link"
              >
                Forgot password?
              </Link>
            )}
          </div>
          <PasswordInput
            id={ids.password}
            name="password"
            autoComplete={isSignUp ? "new-password" : "current-password"}
            placeholder={isSignUp ? "Choose a password" : "Your password"}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setPasswordLeft(isSignUp && password !== "")}
            aria-invalid={fieldErrors.password || Boolean(passwordHint) || undefined}
            aria-describedby={passwordHint ? ids.passwordHint : undefined}
            data-testid="password-input"
          />
          {passwordHint && (
            <p id={ids.passwordHint} className="text-sm text-destructive" data-testid="password-hint">
              {passwordHint}
            </p>
          )}
        </div>
        {isSignUp && (
          <div className="space-y-2">
            <Label htmlFor={ids.confirm}>Confirm password</Label>
            <PasswordInput
              id={ids.confirm}
              name="confirmPassword"
              autoComplete="new-password"
              placeholder="Repeat the password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              aria-invalid={fieldErrors.confirmPassword || undefined}
              data-testid="confirm-password-input"
            />
          </div>
        )}

        {error && <AuthErrorAlert id={ids.error} message={error} testId="auth-error" />}

        <Button type="submit" className="w-full" disabled={submitting} data-testid="auth-submit">
          {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {isSignUp ? "Create Account" : "Sign In"}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {isSignUp ? "Already have an account?" : "New here?"}{" "}
        <button
          type="button"
          onClick={switchMode}
          className="inline-flex min-h-10 items-center rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="auth-mode-toggle"
        >
          {isSignUp ? "Sign in" : "Create an account"}
        </button>
      </p>
    </AuthLayout>
  );
}
