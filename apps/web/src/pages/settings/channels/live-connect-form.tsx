import type { PostPlatform } from "@smm/domain/web";
import { CircleAlertIcon, Loader2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";

import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { NetworkView } from "@/lib/channels";

import type { ConnectField, ConnectOutcome } from "./use-channels-tab";

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-destructive" data-testid="connect-error">
      <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/**
 * A live connection's form, as the network's connect method asks: a handle and an app password
 * (Bluesky), or the instance (Mastodon, which then sends the user to its consent page). The network's own
 * help line sits under the fields; a refusal is shown by the field it is about, and nothing typed is lost.
 */
export function LiveConnectForm({
  network,
  busy,
  onConnect,
  onCancel,
}: {
  network: NetworkView;
  busy: boolean;
  onConnect: (request: {
    platform: PostPlatform;
    handle?: string;
    appPassword?: string;
    instance?: string;
  }) => Promise<ConnectOutcome>;
  onCancel: () => void;
}) {
  const id = useId();
  const [handle, setHandle] = useState("");
  const [appPassword, setAppPassword] = useState("");
  const [instance, setInstance] = useState("");
  const [error, setError] = useState<{ message: string; fields: ConnectField[] } | null>(null);
  const byInstance = network.connect.method === "instance_oauth";
  const label = network.label;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  // Where the error shows: by the field it names, else by the last field of the form.
  const lastField: ConnectField = byInstance ? "instance" : "appPassword";
  const errorAt = error ? (error.fields[0] ?? lastField) : null;
  const describedBy = (field: ConnectField) =>
    [errorAt === field ? errorId : null, helpId].filter(Boolean).join(" ");
  const invalid = (field: ConnectField) =>
    error && (error.fields.includes(field) || (error.fields.length === 0 && field === lastField))
      ? true
      : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const outcome = await onConnect(
      byInstance
        ? { platform: network.platform, instance: instance.trim() }
        : { platform: network.platform, handle: handle.trim(), appPassword: appPassword.trim() },
    );
    if (!outcome.ok) setError({ message: outcome.message, fields: outcome.fields });
  }

  const clearError = () => setError(null);

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
      aria-label={`Connect ${label}`}
      data-testid={`connect-form-${network.platform}`}
    >
      {byInstance ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-instance`}>Instance</Label>
          <Input
            id={`${id}-instance`}
            value={instance}
            onChange={(event) => {
              setInstance(event.target.value);
              clearError();
            }}
            placeholder="mastodon.social"
            autoComplete="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={253}
            required
            autoFocus
            aria-invalid={invalid("instance")}
            aria-describedby={describedBy("instance")}
            data-testid="connect-instance"
          />
          {errorAt === "instance" ? <FieldError id={errorId} message={error?.message ?? null} /> : null}
        </div>
      ) : (
        <>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-handle`}>Handle</Label>
            <Input
              id={`${id}-handle`}
              value={handle}
              onChange={(event) => {
                setHandle(event.target.value);
                clearError();
              }}
              placeholder="yourname.bsky.social"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={253}
              required
              autoFocus
              aria-invalid={invalid("handle")}
              aria-describedby={describedBy("handle")}
              data-testid="connect-handle"
            />
            {errorAt === "handle" ? <FieldError id={errorId} message={error?.message ?? null} /> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-app-password`}>App password</Label>
            <PasswordInput
              id={`${id}-app-password`}
              value={appPassword}
              onChange={(event) => {
                setAppPassword(event.target.value);
                clearError();
              }}
              placeholder="xxxx-xxxx-xxxx-xxxx"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={200}
              required
              aria-invalid={invalid("appPassword")}
              aria-describedby={describedBy("appPassword")}
              data-testid="connect-app-password"
            />
            {errorAt === "appPassword" ? <FieldError id={errorId} message={error?.message ?? null} /> : null}
          </div>
        </>
      )}
      <p id={helpId} className="text-xs text-muted-foreground" data-testid="connect-help">
        {network.connect.help}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} data-testid="connect-submit">
          {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {byInstance ? `Continue to ${label}` : `Connect ${label}`}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
