import { CheckIcon, CopyIcon, Loader2Icon, PlusIcon, TriangleAlertIcon } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { API_KEY_NAME_MAX, type ApiKeySummary, type CreatedApiKey } from "@/lib/api-keys";

import { keyLabel, useCreateKeyForm, useDeleteKeyDialog, useNewKeySecret } from "./use-api-keys-card";

/*
 * The API keys card's interactive pieces: the new key's secret, the name form and the delete confirmation.
 * Each takes its state from its hook in use-api-keys-card.ts and only renders it.
 */

/** The secret, once: the server keeps only its hash, so this is the one chance to copy it. */
export function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { copied, boxRef, copy } = useNewKeySecret(created);
  const ids = { title: useId(), warning: useId() };

  return (
    <section
      ref={boxRef}
      tabIndex={-1}
      aria-labelledby={ids.title}
      aria-describedby={ids.warning}
      className="grid gap-3 rounded-lg border border-amber-500/60 bg-amber-500/10 p-4 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-hidden"
      data-testid="api-key-created"
    >
      <p id={ids.title} className="font-medium">
        Your new key “{keyLabel(created)}”
      </p>
      <p id={ids.warning} className="flex items-start gap-2 text-sm">
        <TriangleAlertIcon
          className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400"
          aria-hidden="true"
        />
        Copy it now and keep it somewhere safe: it will not be shown again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 rounded-md border bg-background px-3 py-2 font-mono text-sm break-all select-all"
          data-testid="api-key-secret"
        >
          {created.key}
        </code>
        <Button type="button" variant="outline" onClick={copy} data-testid="api-key-copy">
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          <span aria-live="polite">{copied ? "Copied!" : "Copy"}</span>
        </Button>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="w-fit"
        onClick={onDone}
        data-testid="api-key-done"
      >
        I have saved it
      </Button>
    </section>
  );
}

export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { ids, name, error, creating, changeName, submit } = useCreateKeyForm(onCreated);
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" data-testid="api-key-create-form">
      <Label htmlFor={ids.name}>Key name</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Input
          id={ids.name}
          value={name}
          onChange={(event) => changeName(event.target.value)}
          placeholder="e.g. Nightly report script"
          autoComplete="off"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
          className="sm:max-w-sm"
          data-testid="api-key-name-input"
        />
        <Button type="submit" disabled={creating} data-testid="api-key-create">
          {creating ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <PlusIcon aria-hidden="true" />
          )}
          {creating ? "Creating…" : "Create key"}
        </Button>
      </div>
      {error && (
        <p id={ids.error} className="text-sm text-destructive" data-testid="api-key-name-error">
          {error}
        </p>
      )}
      <p id={ids.hint} className="text-xs text-muted-foreground">
        A name that tells you where the key is used, up to {API_KEY_NAME_MAX} characters.
      </p>
    </form>
  );
}

export function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const { open, shown, deleting, changeOpen, confirm } = useDeleteKeyDialog(apiKey, onClose);
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md" data-testid="api-key-delete-dialog">
        <DialogHeader>
          <DialogTitle>Delete API key “{shown ? keyLabel(shown) : ""}”?</DialogTitle>
          <DialogDescription>
            Scripts and assistants using this key stop working at once. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={deleting}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={confirm}
            disabled={deleting}
            data-testid="api-key-delete-confirm"
          >
            {deleting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Delete key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
