import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";

import { CommandPalette } from "@/components/command-palette";
import { LiveEvents } from "@/components/live-events";
import { SetupWizardGate } from "@/components/setup-wizard/setup-wizard-gate";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { createQueryClient } from "@/lib/query-client";

/** Everything only signed-in screens need; loaded lazily so public pages never download it. */
export function SignedInRoot() {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={300}>
        <Outlet />
        <CommandPalette />
        <LiveEvents />
        <SetupWizardGate />
        {/* Below the header, so a toast never covers the bell or the user menu. */}
        <Toaster
          position="top-right"
          closeButton
          visibleToasts={20}
          offset={{ top: 64 }}
          mobileOffset={{ top: 64 }}
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
