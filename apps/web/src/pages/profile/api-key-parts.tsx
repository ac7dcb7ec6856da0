import {
  CircleAlertIcon,
  ExternalLinkIcon,
  Loader2Icon,
  RotateCcwIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiKeySummary } from "@/lib/api-keys";
import { formatRelativeTime } from "@/lib/relative-time";

import { keyLabel } from "./use-api-keys-card";

/* The API keys card's pieces that only render what they are given: links, loading, errors and the list. */

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

/** Where scripts go next: the API reference and the MCP endpoint of this very server. */
export function ApiLinks() {
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

export function ApiKeysSkeleton() {
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

export function LoadError({
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
export function EnterpriseNote() {
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

export function KeyList({
  keys,
  onDelete,
}: {
  keys: ApiKeySummary[];
  onDelete: (key: ApiKeySummary) => void;
}) {
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
