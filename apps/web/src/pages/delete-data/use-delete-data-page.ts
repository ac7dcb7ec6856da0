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
// apps/server/src/routes/account.ts: the session is not fresh, so the password confirms.
const PASSWORD_REQUIRED = "Please enter your password to confirm.";

/**
 * The /delete page's state: its three stages, the form, and the submission. A signed-in user's request
 * deletes the account and its data at once (confirmed by the account's e-mail, and by the password when
 * the session is not fresh), then signs out after 3 seconds; a signed-out visitor's request mails a link
 * back to /delete?token=..., and opening it deletes the account (stage "link" while that runs or fails).
 */
export function useDeleteDataPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get("token");
  const [stage, setStage] = useState<Stage>(linkToken ? "link" : "info");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [needsPassword, setNeedsPassword] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const ids = { email: useId(), password: useId(), reason: useId(), error: useId() };
  const signedInEmail = session.status === "signed-in" ? session.user.email : null;

  useEffect(() => {
    // Pre-fill for a signed-in visitor, without overwriting anything they already typed.
    if (signedInEmail) setEmail((current) => current || signedInEmail);
  }, [signedInEmail]);

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
      await call(
        client.api.account.delete.$post({
          json: { email: email.trim(), ...(password ? { password } : {}) },
        }),
      );
      setDeleted(true);
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
    if (!isValidEmail(email)) {
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
        if (caught.message === PASSWORD_REQUIRED) setNeedsPassword(true);
        if (signedInEmail) {
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
    needsPassword: needsPassword && Boolean(signedInEmail),
    reason,
    setReason,
    error,
    setError,
    emailInvalid,
    submitting,
    signedIn: Boolean(signedInEmail),
    deleted,
    ids,
    handleSubmit,
  };
}

export type DeleteDataPageState = ReturnType<typeof useDeleteDataPage>;
