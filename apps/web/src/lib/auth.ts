import { betterAuth } from "@/lib/api";
import { clearSeenUpgrades } from "@/lib/seen-upgrades";
import { markSignedOut, refreshSession } from "@/lib/session";

/*
 * Thin wrappers over better-auth's HTTP endpoints. Plain fetch keeps the better-auth client out of
 * the bundle; the wire shapes are better-auth 1.7's.
 */

export const EMAIL_VERIFIED_CALLBACK = "/login?verified=1";
export const FACEBOOK_ERROR_CALLBACK = "/login?provider=facebook";

export async function signInWithEmail(input: { email: string; password: string }) {
  // better-auth re-sends the confirmation mail when an unconfirmed user signs in; its link must come back here.
  await betterAuth.post("/api/auth/sign-in/email", {
    email: input.email,
    password: input.password,
    callbackURL: EMAIL_VERIFIED_CALLBACK,
  });
  return refreshSession({ force: true });
}

export async function signUpWithEmail(input: { email: string; password: string }) {
  const name = input.email.split("@")[0] || input.email;
  await betterAuth.post("/api/auth/sign-up/email", {
    email: input.email,
    password: input.password,
    name,
    callbackURL: EMAIL_VERIFIED_CALLBACK,
  });
}

/** Asks the server for the provider's authorisation URL, then leaves the app for it. */
export async function signInWithFacebook(callbackURL: string) {
  const result = await betterAuth.post<{ url?: string; redirect?: boolean }>("/api/auth/sign-in/social", {
    provider: "facebook",
    callbackURL,
    // better-auth appends &error=<code>; the login screen then shows the spec's Facebook failure text.
    errorCallbackURL: FACEBOOK_ERROR_CALLBACK,
  });
  if (!result?.url) throw new Error("No authorisation URL returned");
  window.location.assign(result.url);
}

/**
 * Ends the session. The guards see `afterSignOut` and send the user to plain /login (spec: Sign Out goes
 * to /login); navigating here instead would race the router's transition and add a ?redirect=.
 */
export async function signOut() {
  try {
    await betterAuth.post("/api/auth/sign-out", {});
  } finally {
    // Even if the server call fails the user asked to leave; forget the session locally, and (core spec
    // section 4, Plan) which upgrades this browser has welcomed.
    clearSeenUpgrades();
    markSignedOut({ afterSignOut: true });
  }
}

export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  await betterAuth.post("/api/auth/change-password", {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
}

/** Where the reset mail's link lands, with ?token= (or ?error=INVALID_TOKEN when the link is spent). */
export const RESET_PASSWORD_PATH = "/reset-password";

/** Sends the reset mail; better-auth answers alike whether or not the address has an account. */
export async function requestPasswordReset(email: string) {
  await betterAuth.post("/api/auth/request-password-reset", { email, redirectTo: RESET_PASSWORD_PATH });
}

export async function resetPassword(input: { token: string; newPassword: string }) {
  await betterAuth.post("/api/auth/reset-password", { token: input.token, newPassword: input.newPassword });
}
