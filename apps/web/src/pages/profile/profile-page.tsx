import { findPasswordProblem, PASSWORD_PROBLEMS } from "@smm/domain/web";
import {
  BadgeCheckIcon,
  CircleAlertIcon,
  KeyRoundIcon,
  Loader2Icon,
  LogOutIcon,
  MailIcon,
  UserIcon,
} from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";

import { useSignOut } from "@/components/app-shell/user-menu";
import { PageIntro } from "@/components/page-intro";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { ApiError } from "@/lib/api";
import { changePassword } from "@/lib/auth";
import { useSession } from "@/lib/session";

import { AccountPlan } from "./account-plan";
import { ApiKeysCard } from "./api-keys-card";

// The spec's exact strings (connections.md §5 and §8).
const PASSWORDS_DO_NOT_MATCH = "New passwords do not match";
const UPDATE_FAILED = "Failed to update password";
const UPDATE_SUCCEEDED = "Password updated successfully";

function formatMemberSince(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

function ChangePasswordCard() {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<"new" | "both" | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { current: useId(), next: useId(), confirm: useId(), error: useId() };
  const allFilled = Boolean(currentPassword && newPassword && confirmPassword);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!allFilled || saving) return;
    setError(null);
    setInvalidField(null);
    if (newPassword !== confirmPassword) {
      setInvalidField("both");
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    // The server refuses the same passwords (one rule in the domain); saying so here saves the round trip.
    const problem = findPasswordProblem(newPassword);
    if (problem) {
      setInvalidField("new");
      setError(PASSWORD_PROBLEMS[problem].message);
      return;
    }
    setSaving(true);
    try {
      await changePassword({ currentPassword, newPassword });
      setCurrentPassword("");
      setNewPassword("");
      setConfirmPassword("");
      toast.success(UPDATE_SUCCEEDED, { duration: 2000 });
    } catch (caught) {
      // Typed values stay so the user can correct just the wrong field.
      setError(
        caught instanceof ApiError && caught.status !== 0 && caught.message ? caught.message : UPDATE_FAILED,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Change Password
        </CardTitle>
        <CardDescription>Other devices are signed out when your password changes.</CardDescription>
      </CardHeader>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="change-password-form">
        <CardContent className="grid gap-4 sm:max-w-md">
          <div className="space-y-2">
            <Label htmlFor={ids.current}>Current password</Label>
            <PasswordInput
              id={ids.current}
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              data-testid="current-password"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.next}>New password</Label>
            <PasswordInput
              id={ids.next}
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              aria-invalid={invalidField !== null || undefined}
              data-testid="new-password"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.confirm}>Confirm new password</Label>
            <PasswordInput
              id={ids.confirm}
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              aria-invalid={invalidField === "both" || undefined}
              aria-describedby={error ? ids.error : undefined}
              data-testid="confirm-new-password"
            />
          </div>
          {error && (
            <Alert variant="destructive" id={ids.error} data-testid="change-password-error">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={!allFilled || saving} data-testid="change-password-submit">
            {saving && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Update Password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function ProfilePage() {
  const session = useSession();
  const { signOut, pending } = useSignOut();
  if (session.status !== "signed-in") return null;
  const { user } = session;
  const memberSince = formatMemberSince(user.createdAt);

  return (
    <>
      <PageIntro description="Your account, password, API keys and session." />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              Account Information
            </CardTitle>
            <CardDescription>The e-mail address you sign in with and your plan.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <dt className="text-sm text-muted-foreground">Email</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <MailIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  <span className="font-medium break-all" data-testid="account-email">
                    {user.email}
                  </span>
                  {user.emailVerified && (
                    <Badge variant="secondary">
                      <BadgeCheckIcon aria-hidden="true" />
                      Verified
                    </Badge>
                  )}
                </dd>
              </div>
              {memberSince && (
                <div className="space-y-1">
                  <dt className="text-sm text-muted-foreground">Member since</dt>
                  <dd className="font-medium">{memberSince}</dd>
                </div>
              )}
            </dl>
            <Separator className="my-6" />
            <AccountPlan />
          </CardContent>
        </Card>

        <ChangePasswordCard />

        <ApiKeysCard />

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <LogOutIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              Account Actions
            </CardTitle>
            <CardDescription>Sign out of Social Media Manager on this device.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button
              variant="outline"
              onClick={() => void signOut()}
              disabled={pending}
              data-testid="profile-sign-out"
            >
              {pending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <LogOutIcon aria-hidden="true" />
              )}
              Sign Out
            </Button>
          </CardFooter>
        </Card>
      </div>
    </>
  );
}
