import type { PostPlatform } from "@smm/domain/web";
import { Loader2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";

import { FieldError } from "@/components/field-error";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { NetworkView } from "@/lib/channels";

import type { ConnectField, ConnectOutcome } from "./use-channels-tab";

/** The field's test id, as the browser tests know them: connect-handle, connect-app-password... */
const testIdOf = (name: ConnectField) =>
  `connect-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** Browser hints per field: what the password manager and the phone keyboard should offer. */
const inputHints: Record<ConnectField, { autoComplete: string; inputMode?: "url" | "text" }> = {
  handle: { autoComplete: "username" },
  appPassword: { autoComplete: "off" },
  instance: { autoComplete: "url", inputMode: "url" },
  token: { autoComplete: "off" },
};

/**
 * A live connection's form, with the fields the network's provider declares (a Bluesky handle and app
 * password, a Mastodon instance, a Telegram bot token and channel, a Discord webhook URL, or none for an
 * OAuth network, which sends the user to its consent page). The network's own help line sits under the
 * fields; a refusal is shown by the field it is about, and nothing typed is lost.
 */
export function LiveConnectForm({
  network,
  busy,
  onConnect,
  onCancel,
}: {
  network: NetworkView;
  busy: boolean;
  onConnect: (
    request: { platform: PostPlatform } & Partial<Record<ConnectField, string>>,
  ) => Promise<ConnectOutcome>;
  onCancel: () => void;
}) {
  const id = useId();
  const fields = network.connect.fields;
  const [values, setValues] = useState<Partial<Record<ConnectField, string>>>({});
  const [error, setError] = useState<{ message: string; fields: ConnectField[] } | null>(null);
  const redirects = network.connect.method === "instance_oauth" || network.connect.method === "oauth";
  const label = network.label;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  // Where the error shows: by the field it names, else by the last field of the form (or under the help).
  const lastField: ConnectField | null = fields.at(-1)?.name ?? null;
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
    const typed = Object.fromEntries(fields.map((field) => [field.name, (values[field.name] ?? "").trim()]));
    const outcome = await onConnect({ platform: network.platform, ...typed });
    if (!outcome.ok) setError({ message: outcome.message, fields: outcome.fields });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
      aria-label={`Connect ${label}`}
      data-testid={`connect-form-${network.platform}`}
    >
      {fields.map((field, index) => {
        const Field = field.secret ? PasswordInput : Input;
        const hints = inputHints[field.name];
        return (
          <div className="grid gap-2" key={field.name}>
            <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
            <Field
              id={`${id}-${field.name}`}
              value={values[field.name] ?? ""}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [field.name]: value }));
                setError(null);
              }}
              placeholder={field.placeholder}
              autoComplete={hints.autoComplete}
              {...(hints.inputMode ? { inputMode: hints.inputMode } : {})}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={field.name === "token" ? 500 : 253}
              required
              autoFocus={index === 0}
              aria-invalid={invalid(field.name)}
              aria-describedby={describedBy(field.name)}
              data-testid={testIdOf(field.name)}
            />
            {errorAt === field.name ? (
              <FieldError id={errorId} message={error?.message} testId="connect-error" />
            ) : null}
          </div>
        );
      })}
      <p id={helpId} className="text-xs text-muted-foreground" data-testid="connect-help">
        {network.connect.help}
      </p>
      {error && errorAt === null ? (
        <FieldError id={errorId} message={error.message} testId="connect-error" />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} data-testid="connect-submit" autoFocus={fields.length === 0}>
          {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {redirects ? `Continue to ${label}` : `Connect ${label}`}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
