import type * as React from "react";

import { cn } from "@/lib/utils";

/** UI.md's empty state: an icon, one sentence about what will appear, and optionally the action that fills it. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  testId,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  description: string;
  action?: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-4 rounded-xl border border-dashed bg-card/40 px-6 py-14 text-center",
        className,
      )}
      data-testid={testId ?? "empty-state"}
    >
      <span
        className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground ring-8 ring-muted/40"
        aria-hidden="true"
      >
        <Icon className="size-5" />
      </span>
      <div className="max-w-md space-y-1.5">
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
    </div>
  );
}
