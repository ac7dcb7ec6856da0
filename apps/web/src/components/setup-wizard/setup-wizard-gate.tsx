import { Suspense, useEffect, useState } from "react";

import { LazyPartBoundary } from "@/components/lazy-part-boundary";

import { useActiveBrand } from "@/lib/brands";
import { lazyNamed } from "@/lib/lazy-load";
import { useSession } from "@/lib/session";
import {
  isSetupWizardDismissed,
  onSetupWizardRequested,
  recordSetupWizardDismissed,
} from "@/lib/setup-wizard";

// Only new users need the wizard (and XState with it), so its code loads when the gate opens.
const SetupWizardDialog = lazyNamed(() => import("./setup-wizard-dialog"), "SetupWizardDialog");

type GatePhase = "deciding" | "open" | "closed" | "done";

/**
 * Opens the setup wizard for a user without a brand (core spec section 4: "A user with no brand settings
 * gets the setup wizard"), on whichever signed-in screen they land. The decision waits for
 * /api/brands/active, so users with a brand never see it flash, and it is taken once: the wizard's own
 * step-1 save creates the brand, and that must not close the wizard under the user. Closed without
 * finishing, it stays closed on later loads for that user (openSetupWizard() still opens it).
 */
export function SetupWizardGate() {
  const activeBrand = useActiveBrand();
  const signedIn = useSession();
  const userId = signedIn.status === "signed-in" ? signedIn.user.id : null;
  const [phase, setPhase] = useState<GatePhase>("deciding");
  // Each openSetupWizard() starts a fresh wizard (a new machine at step 0), whatever the gate decided.
  const [session, setSession] = useState(0);
  useEffect(
    () =>
      onSetupWizardRequested(() => {
        setSession((count) => count + 1);
        setPhase("open");
      }),
    [],
  );

  useEffect(() => {
    if (phase !== "deciding" || !activeBrand.isSuccess || !userId) return;
    setPhase(activeBrand.data === null && !isSetupWizardDismissed(userId) ? "open" : "done");
  }, [phase, activeBrand.isSuccess, activeBrand.data, userId]);

  // "closed" keeps the dialog mounted for its exit animation; "done" (never needed) renders only the
  // marker that says the decision was taken (so a check that the wizard stayed closed has something to wait for).
  if (phase === "deciding" || phase === "done")
    return phase === "done" ? <span hidden data-testid="setup-wizard-gate" data-phase="done" /> : null;
  return (
    <LazyPartBoundary open={phase === "open"} onFailed={() => setPhase("closed")}>
      <Suspense fallback={null}>
        <SetupWizardDialog
          key={session}
          open={phase === "open"}
          onOpenChange={(open) => {
            if (!open && userId) recordSetupWizardDismissed(userId);
            setPhase(open ? "open" : "closed");
          }}
          onFinished={() => setPhase("closed")}
        />
      </Suspense>
    </LazyPartBoundary>
  );
}
