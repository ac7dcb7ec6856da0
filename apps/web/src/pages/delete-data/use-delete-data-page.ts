import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";

import { ApiError, call, client, createDataDeletionRequest } from "@/lib/api";
import { signOut } from "@/lib/auth";
import { useSession } from "@/lib/session";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "@/lib/validation";

export type Stage = "info" | "confirm" | "submitted" | "link";

// The spec's exact strings (connections.md §8).
export const SUBMITTED_MESSAGE =
  "Your data deletion request has been submitted. You will receive a confirmation email shortly.";
export const SUBMIT_FAILED_MESSAGE =
  "There was an error submitting your request. Please try again or contact support.";
const SIGN_OUT_DELAY_MS = 3000;

/**
 * The /delete page's state: its three stages, the form, and the submission. A signed-in user confirms with
 * the account's password: the right one deletes the account and its data at once (a notice is mailed), a
 * missing or wrong one is refused with nothing deleted; an account without a password is mailed the link.
 * A signed-in user is signed out 3 seconds after the request. A signed-out visitor's request mails a link
 * back to /delete?token=..., and opening it deletes the account (stage "link" while that runs or fails).
 */
export function useDeleteDataPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get("token");
  const [stage, setStage] = useState<Stage>(linkToken ? "link" : "info");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [passwordInvalid, setPasswordInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const ids = { email: useId(), password: useId(), reason: useId(), error: useId() };
  const signedInEmail = session.status === "signed-in" ? session.user.email : null;

  const linkSent = useRef(false);
  useEffect(() => {
    // Once only: the token is single-use, so a second call (React's dev double effect) would be refused.
    if (!linkToken || linkSent.current) return;
    linkSent.current = true;
    call(client.api["data-deletion-requests"].confirm.$post({ json: { token: linkToken } }))
      .then(() => {
        setDeleted(true);
        setStage("submitted");
      })
      .catch((caught: unknown) => {
        setError(
          caught instanceof ApiError && caught.code === "invalid_input"
            ? caught.message
            : SUBMIT_FAILED_MESSAGE,
        );
      });
  }, [linkToken]);

  const signsOut = stage === "submitted" && (deleted || Boolean(signedInEmail));
  useEffect(() => {
    if (!signsOut) return;
    // Spec: a signed-in user is signed out 3 seconds after the request.
    const timer = window.setTimeout(() => {
      signOut().catch(() => undefined);
    }, SIGN_OUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signsOut]);

  async function submit() {
    const trimmedReason = reason.trim();
    if (signedInEmail) {
      const answer = await call(client.api.account.delete.$post({ json: password ? { password } : {} }));
      setDeleted(answer.outcome === "deleted");
      return;
    }
    await createDataDeletionRequest({
      email: email.trim(),
      ...(trimmedReason ? { reason: trimmedReason } : {}),
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setEmailInvalid(false);
    setPasswordInvalid(false);
    if (!signedInEmail && !isValidEmail(email)) {
      setEmailInvalid(true);
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setSubmitting(true);
    try {
      await submit();
      setStage("submitted");
    } catch (caught) {
      // What the user typed stays, so only the wrong part needs fixing.
      if (caught instanceof ApiError && caught.code === "invalid_input") {
        const emailIssue = caught.issues?.find((issue) => issue.path === "email");
        if (emailIssue) {
          setEmailInvalid(true);
          setError(INVALID_EMAIL_MESSAGE);
          return;
        }
        if (signedInEmail) {
          setPasswordInvalid(caught.reason === "password_required" || caught.reason === "password_wrong");
          setError(caught.message);
          return;
        }
      }
      setError(SUBMIT_FAILED_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  return {
    stage,
    setStage,
    email,
    setEmail,
    password,
    setPassword,
    signedInEmail,
    reason,
    setReason,
    error,
    setError,
    emailInvalid,
    passwordInvalid,
    submitting,
    signedIn: Boolean(signedInEmail),
    deleted,
    ids,
    handleSubmit,
  };
}

export type DeleteDataPageState = ReturnType<typeof useDeleteDataPage>;
