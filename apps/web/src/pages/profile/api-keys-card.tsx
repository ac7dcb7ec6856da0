import {
  CheckIcon,
  CircleAlertIcon,
  CopyIcon,
  ExternalLinkIcon,
  KeySquareIcon,
  Loader2Icon,
  PlusIcon,
  RotateCcwIcon,
  SparklesIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, NETWORK_ERROR_MESSAGE } from "@/lib/api";
import {
  API_KEY_NAME_MAX,
  type ApiKeySummary,
  type CreatedApiKey,
  useApiKeys,
  useCreateApiKey,
  useDeleteApiKey,
} from "@/lib/api-keys";
import { copyText } from "@/lib/clipboard";
import { usePlan } from "@/lib/plan";
import { formatRelativeTime } from "@/lib/relative-time";

const COPIED_MS = 2_000;
const NAME_REQUIRED = "Enter a name for the key";
const NAME_TOO_LONG = `Use at most ${API_KEY_NAME_MAX} characters`;

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message || fallback;
  return fallback;
}

function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

function formatLastUsed(value: string | null): string {
  if (!value) return "Never used";
  const relative = formatRelativeTime(value);
  return relative === "now" ? "Last used just now" : `Last used ${relative}`;
}

function keyLabel(key: Pick<ApiKeySummary, "name">): string {
  return key.name?.trim() || "Unnamed key";
}

/** Where scripts go next: the API reference and the MCP endpoint of this very server. */
function ApiLinks() {
  const mcpUrl = `${window.location.origin}/mcp`;
  return (
    <div className="grid gap-2 text-sm">
      <p>
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-hidden"
          data-testid="api-keys-docs-link"
        >
          API reference
          <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      <p className="text-muted-foreground">
        MCP endpoint for AI assistants:{" "}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all text-foreground">
          {mcpUrl}
        </code>
      </p>
    </div>
  );
}

function ApiKeysSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" data-testid="api-keys-loading">
      <span className="sr-only">Loading API keys…</span>
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3.5 w-48 max-w-full" />
          </div>
          <Skeleton className="size-10" />
        </div>
      ))}
    </div>
  );
}

function LoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert variant="destructive" data-testid="api-keys-error">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>Could not load your API keys</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{message}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={onRetry}
          disabled={retrying}
          data-testid="api-keys-retry"
        >
          {retrying ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <RotateCcwIcon aria-hidden="true" />
          )}
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** No API access on this plan (it comes with Enterprise): say so plainly and show the way to the plans. */
function EnterpriseNote() {
  return (
    <Alert role="note" data-testid="api-keys-enterprise-note">
      <SparklesIcon aria-hidden="true" />
      <AlertTitle>API keys come with the Enterprise plan</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>Upgrade to Enterprise to create keys for your scripts and connect AI assistants over MCP.</p>
        <Button asChild size="sm" className="w-fit" data-testid="api-keys-upgrade">
          <Link to="/subscription">See plans</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** The secret, once: the server keeps only its hash, so this is the one chance to copy it. */
function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ids = { title: useId(), warning: useId() };
  const boxRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Focus moves to the new secret so keyboard and screen-reader users land on it.
    boxRef.current?.focus();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  async function copy() {
    try {
      await copyText(created.key);
    } catch {
      toast.error("Could not copy the key. Select it and copy it by hand.");
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

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
        <Button type="button" variant="outline" onClick={() => void copy()} data-testid="api-key-copy">
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

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), error: useId(), hint: useId() };

  function validate(value: string): string | null {
    const trimmed = value.trim();
    if (!trimmed) return NAME_REQUIRED;
    if (trimmed.length > API_KEY_NAME_MAX) return NAME_TOO_LONG;
    return null;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const problem = validate(name);
    setError(problem);
    if (problem) return;
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setName("");
        onCreated(created);
      },
      // What was typed stays, so the user can fix it or try again.
      onError: (caught) =>
        toast.error(errorMessage(caught, "Could not create the API key. Please try again.")),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-2" data-testid="api-key-create-form">
      <Label htmlFor={ids.name}>Key name</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Input
          id={ids.name}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            // Once shown, the error follows what is typed instead of waiting for the next submit.
            if (error) setError(validate(event.target.value));
          }}
          placeholder="e.g. Nightly report script"
          autoComplete="off"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
          className="sm:max-w-sm"
          data-testid="api-key-name-input"
        />
        <Button type="submit" disabled={create.isPending} data-testid="api-key-create">
          {create.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <PlusIcon aria-hidden="true" />
          )}
          {create.isPending ? "Creating…" : "Create key"}
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

function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const remove = useDeleteApiKey();
  // Keeps the last key's name on screen while the dialog animates out.
  const [shown, setShown] = useState(apiKey);
  if (apiKey && apiKey !== shown) setShown(apiKey);

  function changeOpen(open: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!open && !remove.isPending) onClose();
  }

  function confirm() {
    if (!apiKey) return;
    remove.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(`API key “${keyLabel(apiKey)}” deleted`);
        onClose();
      },
      onError: (caught) => {
        if (caught instanceof ApiError && caught.status === 404) {
          onClose();
          return;
        }
        toast.error(errorMessage(caught, "Could not delete the API key. Please try again."));
      },
    });
  }

  return (
    <Dialog open={apiKey !== null} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md" data-testid="api-key-delete-dialog">
        <DialogHeader>
          <DialogTitle>Delete API key “{shown ? keyLabel(shown) : ""}”?</DialogTitle>
          <DialogDescription>
            Scripts and assistants using this key stop working at once. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => changeOpen(false)}
            disabled={remove.isPending}
          >
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={confirm}
            disabled={remove.isPending}
            data-testid="api-key-delete-confirm"
          >
            {remove.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Delete key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function KeyList({ keys, onDelete }: { keys: ApiKeySummary[]; onDelete: (key: ApiKeySummary) => void }) {
  return (
    <ul className="grid gap-2" aria-label="Your API keys" data-testid="api-key-list">
      {keys.map((key) => (
        <li
          key={key.id}
          className="flex items-center justify-between gap-3 rounded-lg border p-3"
          data-testid="api-key-row"
        >
          <div className="grid min-w-0 gap-1">
            <p className="font-medium break-words" data-testid="api-key-row-name">
              {keyLabel(key)}
            </p>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
              {key.start && (
                <span>
                  <span className="sr-only">Starts with </span>
                  <code className="font-mono text-foreground" data-testid="api-key-row-start">
                    {key.start}…
                  </code>
                </span>
              )}
              <span>Created {formatDate(key.createdAt)}</span>
              <span>{formatLastUsed(key.lastRequest)}</span>
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-10 shrink-0 text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => onDelete(key)}
            aria-label={`Delete API key ${keyLabel(key)}`}
            data-testid="api-key-delete"
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The user's keys: loading, error, empty and the list. Without API access only keys made earlier show (they
 * do not work until the plan is back, but can still be deleted); nothing shows when there are none.
 */
function KeysSection({ apiAccess }: { apiAccess: boolean }) {
  const keys = useApiKeys();
  const [toDelete, setToDelete] = useState<ApiKeySummary | null>(null);

  let body: ReactNode;
  if (keys.isPending) body = apiAccess ? <ApiKeysSkeleton /> : null;
  else if (keys.isError)
    body = apiAccess ? (
      <LoadError
        message={errorMessage(keys.error, "Something went wrong. Please try again.")}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
      />
    ) : null;
  else if (keys.data.length === 0)
    body = apiAccess ? (
      <p
        className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground"
        data-testid="api-keys-empty"
      >
        No API keys yet
      </p>
    ) : null;
  else
    body = (
      <div className="grid gap-2">
        {!apiAccess && (
          <p className="text-sm text-muted-foreground">
            Keys you made on Enterprise do not work on your current plan. You can still delete them.
          </p>
        )}
        <KeyList keys={keys.data} onDelete={setToDelete} />
      </div>
    );

  return (
    <>
      {body}
      <DeleteKeyDialog apiKey={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

export function ApiKeysCard() {
  const plan = usePlan();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // The server decides what the plan allows (the same rule it enforces on every key); the card only reads it.
  const apiAccess = plan.data?.capabilities.apiAccess === true;

  let content: ReactNode;
  if (plan.isPending) content = <ApiKeysSkeleton />;
  else if (plan.isError)
    content = (
      <LoadError
        message={errorMessage(plan.error, "Something went wrong. Please try again.")}
        onRetry={() => void plan.refetch()}
        retrying={plan.isFetching}
      />
    );
  else
    content = (
      <>
        {apiAccess ? <CreateKeyForm onCreated={setCreated} /> : <EnterpriseNote />}
        {apiAccess && created && (
          <NewKeySecret key={created.id} created={created} onDone={() => setCreated(null)} />
        )}
        <KeysSection apiAccess={apiAccess} />
      </>
    );

  return (
    <Card data-testid="api-keys-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeySquareIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Let your own scripts and AI assistants work with Social Media Manager. Send a key with each request
          as <code className="font-mono text-xs break-all">Authorization: Bearer &lt;key&gt;</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ApiLinks />
        {content}
      </CardContent>
    </Card>
  );
}
