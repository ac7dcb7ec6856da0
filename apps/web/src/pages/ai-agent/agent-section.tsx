import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";

import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** One of the agent page's three collapsible sections; open by default, toggled from its heading. */
export function AgentSection({
  title,
  badge,
  actions,
  testId,
  children,
}: {
  title: string;
  badge?: React.ReactNode;
  actions?: React.ReactNode;
  testId: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  return (
    <Card className="gap-4" data-testid={testId} role="region" aria-label={title}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          <button
            type="button"
            className="flex min-h-10 items-center gap-2 rounded-md text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDownIcon
              className={cn("size-4 transition-transform", !open && "-rotate-90")}
              aria-hidden="true"
            />
            {title}
          </button>
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {badge}
          {open && actions}
        </div>
      </CardHeader>
      <CardContent id={contentId} hidden={!open}>
        {children}
      </CardContent>
    </Card>
  );
}
