import { findPasswordProblem, PASSWORD_PROBLEMS } from "@smm/domain/web";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";

import { ApiError, fetchPublicConfig, type PublicConfig } from "@/lib/api";
import { signInWithEmail, signInWithFacebook, signUpWithEmail } from "@/lib/auth";
import { sanitizeRedirect } from "@/lib/redirect";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "@/lib/validation";

type Mode = "sign-in" | "sign-up";

// The spec's exact strings (core.md §5 and §8).
export const MESSAGES = {
  fillAllFields: "Please fill in all fields",
  passwordsDoNotMatch: "Passwords do not match",
  notConfirmed: "Please check your email and click the confirmation link before signing in.",
  generic: "Authentication failed. Please try again.",
  signUpSuccess: "Please check your email for a confirmation link to complete your registration.",
  facebookFailed: "Failed to sign in with Facebook. Please try again.",
  facebookNotConfigured: "Facebook sign-in is not configured on this server.",
  emailConfirmed: "Your e-mail is confirmed. You can sign in now.",
  confirmationLinkInvalid: "This confirmation link is invalid or has expired.",
  passwordReset: "Your password has been changed. You can sign in with the new one now.",
} as const;

/** Maps a failed auth call to the spec's wording: known cases first, then the provider's own message. */
export function describeAuthError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "EMAIL_NOT_VERIFIED") return MESSAGES.notConfirmed;
    if (error.code === "INVALID_EMAIL") return INVALID_EMAIL_MESSAGE;
    // No status (network) or a server fault carries no provider message worth showing.
    if (error.status === 0 || error.status >= 500) return MESSAGES.generic;
    if (error.message) return error.message;
  }
  return MESSAGES.generic;
}

type FieldErrors = { email?: boolean; password?: boolean; confirmPassword?: boolean };

/**
 * The sign-in / sign-up page's state: the fields, the checks before sending (the password rule is the
 * domain's), the auth calls and the notices the links back to this page carry (?verified, ?reset, ?error).
 */
export function useLoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: string } | null)?.from;
  const redirectTarget = sanitizeRedirect(searchParams.get("redirect") ?? fromState);
  const verified = searchParams.get("verified") === "1";
  const passwordReset = searchParams.get("reset") === "1";
  const returnedFromFacebook = searchParams.get("provider") === "facebook";
  const verifyError = returnedFromFacebook ? null : searchParams.get("error");

  const [mode, setMode] = useState<Mode>("sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  // The password rule's message shows once the field is left, before the form is sent (sign-up only).
  const [passwordLeft, setPasswordLeft] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [facebookError, setFacebookError] = useState<string | null>(
    returnedFromFacebook && searchParams.get("error") ? MESSAGES.facebookFailed : null,
  );
  const [facebookPending, setFacebookPending] = useState(false);
  const configRef = useRef<Promise<PublicConfig | null> | null>(null);
  // The server says whether its local mailbox answers this browser (embedded mail, this machine).
  const [localMailbox, setLocalMailbox] = useState(false);

  const ids = {
    email: useId(),
    password: useId(),
    passwordHint: useId(),
    confirm: useId(),
    error: useId(),
  };
  const isSignUp = mode === "sign-up";
  const passwordProblem = isSignUp && password ? findPasswordProblem(password) : null;
  const problemMessage = passwordProblem ? PASSWORD_PROBLEMS[passwordProblem].message : null;
  // Once the form's own alert says the same, the hint under the field would only repeat it.
  const passwordHint = passwordLeft && problemMessage !== error ? problemMessage : null;

  useEffect(() => {
    // Fetched ahead of the click so the Facebook button can answer at once.
    const config = fetchPublicConfig().catch(() => null);
    configRef.current = config;
    void config.then((value) => setLocalMailbox(value?.localMailbox === true));
  }, []);

  function switchMode() {
    // Typed values stay: switching modes must not cost the user their input.
    setMode(isSignUp ? "sign-in" : "sign-up");
    setError(null);
    setFieldErrors({});
    setFacebookError(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setNotice(null);
    setFieldErrors({});

    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      setFieldErrors({ email: !trimmedEmail, password: !password });
      setError(MESSAGES.fillAllFields);
      return;
    }
    if (isSignUp && password !== confirmPassword) {
      setFieldErrors({ confirmPassword: true });
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    if (!isValidEmail(trimmedEmail)) {
      setFieldErrors({ email: true });
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    // The server refuses the same passwords (one rule in the domain); saying so here saves the round trip.
    if (passwordProblem) {
      setFieldErrors({ password: true });
      setError(PASSWORD_PROBLEMS[passwordProblem].message);
      return;
    }

    setSubmitting(true);
    try {
      if (isSignUp) {
        await signUpWithEmail({ email: trimmedEmail, password });
        setEmail("");
        setPassword("");
        setConfirmPassword("");
        setPasswordLeft(false);
        setMode("sign-in");
        setNotice(MESSAGES.signUpSuccess);
      } else {
        const session = await signInWithEmail({ email: trimmedEmail, password });
        // On success the login route's guard sees the session and navigates to the remembered origin.
        if (session.status !== "signed-in") setError(MESSAGES.generic);
      }
    } catch (caught) {
      const message = describeAuthError(caught);
      if (message === INVALID_EMAIL_MESSAGE) setFieldErrors({ email: true });
      setError(message);
    } finally {
      setSubmitting(false);
    }
  }

  async function handleFacebook() {
    setFacebookError(null);
    setFacebookPending(true);
    try {
      const config = await (configRef.current ?? fetchPublicConfig().catch(() => null));
      if (config && !config.facebookLogin) {
        setFacebookError(MESSAGES.facebookNotConfigured);
        return;
      }
      await signInWithFacebook(redirectTarget);
    } catch {
      setFacebookError(MESSAGES.facebookFailed);
    } finally {
      setFacebookPending(false);
    }
  }

  return {
    mode,
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
    // Where the message just sent went, when it never left this machine.
    mailKeptHere: localMailbox && (notice === MESSAGES.signUpSuccess || error === MESSAGES.notConfirmed),
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
  };
}
