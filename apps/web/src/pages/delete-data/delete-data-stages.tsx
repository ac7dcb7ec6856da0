import {
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  Loader2Icon,
  ShieldCheckIcon,
  Trash2Icon,
} from "lucide-react";
import { Link } from "react-router";

import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

import { type DeleteDataPageState, SUBMITTED_MESSAGE } from "./use-delete-data-page";

const DELETED_ITEMS = [
  "Your account, e-mail address and sign-in sessions",
  "Your brands: names, colours, logos, watermarks and company profiles",
  "Your posts, captions, generated images, templates and assistant conversations",
  "Connected Facebook pages and ad accounts, including their stored access tokens",
];

/** Stage one: what is deleted, and the way on. */
export function InfoStage({ s }: { s: DeleteDataPageState }) {
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <span className="flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <Trash2Icon className="size-5" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Delete Your Data</h1>
        <p className="text-muted-foreground">
          You can ask us to delete all personal data Social Media Manager holds about you. This is permanent
          and cannot be undone.
        </p>
      </div>
      <div className="space-y-2">
        <h2 className="text-sm font-medium">What will be deleted</h2>
        <ul className="space-y-2 text-sm text-muted-foreground">
          {DELETED_ITEMS.map((item) => (
            <li key={item} className="flex gap-2">
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-muted-foreground">
          Your personal data is removed within 30 days of your request. Posts already published on Facebook or
          Instagram stay there; delete them on those platforms if you wish.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button asChild variant="ghost">
          <Link to="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
        <Button variant="destructive" onClick={() => s.setStage("confirm")} data-testid="delete-start">
          Request Data Deletion
        </Button>
      </div>
    </div>
  );
}

/**
 * Stage two. Signed in: the account's password confirms (typing a pre-filled e-mail would confirm nothing).
 * Signed out: the account's e-mail, to which the link is sent.
 */
export function ConfirmStage({ s }: { s: DeleteDataPageState }) {
  return (
    <form className="space-y-6" onSubmit={(event) => void s.handleSubmit(event)} noValidate>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Confirm Deletion Request</h1>
        <p className="text-muted-foreground">
          {s.signedInEmail
            ? "Enter your password to confirm. Your account and all its data are deleted right away, and a confirmation is e-mailed to you."
            : "Enter the e-mail address of your account. We will send a confirmation to it and remove your personal data within 30 days."}
        </p>
      </div>
      {s.signedInEmail ? (
        <div className="space-y-2">
          <p className="text-sm">
            Signed in as{" "}
            <span className="font-medium" data-testid="delete-account-email">
              {s.signedInEmail}
            </span>
          </p>
          <Label htmlFor={s.ids.password}>Password</Label>
          <PasswordInput
            id={s.ids.password}
            autoComplete="current-password"
            value={s.password}
            onChange={(event) => s.setPassword(event.target.value)}
            aria-invalid={s.passwordInvalid || undefined}
            aria-describedby={s.error ? s.ids.error : undefined}
            data-testid="delete-password"
          />
          <p className="text-xs text-muted-foreground">
            Signed up with Facebook and have no password? Leave it empty: we e-mail you a link, and nothing is
            deleted until you open it.
          </p>
        </div>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={s.ids.email}>Account e-mail</Label>
          <Input
            id={s.ids.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={s.email}
            onChange={(event) => s.setEmail(event.target.value)}
            aria-invalid={s.emailInvalid || undefined}
            aria-describedby={s.error ? s.ids.error : undefined}
            data-testid="delete-email"
          />
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor={s.ids.reason}>
          Reason <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={s.ids.reason}
          rows={3}
          placeholder="Tell us why you are leaving, if you like."
          value={s.reason}
          onChange={(event) => s.setReason(event.target.value)}
          maxLength={1000}
          data-testid="delete-reason"
        />
      </div>
      {s.error && (
        <Alert variant="destructive" id={s.ids.error} data-testid="delete-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{s.error}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            s.setError(null);
            s.setStage("info");
          }}
          data-testid="delete-cancel"
        >
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={s.submitting} data-testid="delete-confirm">
          {s.submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Delete My Data
        </Button>
      </div>
    </form>
  );
}

/**
 * Stage three, with the one outcome that happened: deleted now (a notice is mailed), or a link mailed and
 * nothing deleted yet. A signed-in user is signed out 3 seconds later (the hook's timer).
 */
export function SubmittedStage({ s }: { s: DeleteDataPageState }) {
  return (
    <div className="space-y-6 text-center" role="status">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
        <CircleCheckIcon className="size-6" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">
          {s.deleted ? "Account Deleted" : "Request Submitted"}
        </h1>
        <p className="text-muted-foreground" data-testid="delete-submitted-message">
          {SUBMITTED_MESSAGE}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="delete-outcome">
          {s.deleted
            ? "Your account and all its data have been deleted; the e-mail confirms it."
            : "Your personal data will be removed within 30 days. Nothing is deleted until you open the link in the e-mail (valid for 1 hour)."}
          {s.signedIn || s.deleted ? " You will be signed out in a few seconds." : ""}
        </p>
      </div>
      <Button asChild variant="outline">
        <Link to="/">
          <ArrowLeftIcon aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </div>
  );
}

/** Opened from the e-mailed link: the deletion runs, or the link is refused with the way to ask again. */
export function LinkStage({ s }: { s: DeleteDataPageState }) {
  if (!s.error)
    return (
      <div className="space-y-4" role="status">
        <h1 className="text-2xl font-semibold tracking-tight">Delete My Data</h1>
        <p className="flex items-center gap-3 text-sm">
          <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden />
          Deleting your account and data…
        </p>
      </div>
    );
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Delete My Data</h1>
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden />
        <AlertDescription>{s.error}</AlertDescription>
      </Alert>
      <Button
        type="button"
        onClick={() => {
          s.setError(null);
          s.setStage("info");
        }}
      >
        Ask for a new link
      </Button>
    </div>
  );
}
