import type * as React from "react";

import { cn } from "@/lib/utils";

/** The line under the header title: what this screen is for, plus the screen's own actions. */
export function PageIntro({
  heading,
  description,
  actions,
  className,
}: {
  heading?: string;
  description: string;
  actions?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="space-y-1">
        {heading && <h2 className="text-xl font-semibold tracking-tight">{heading}</h2>}
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
