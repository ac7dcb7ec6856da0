import { UPGRADE_SUCCESS_MESSAGE } from "@smm/domain/web";
import { CalendarClockIcon, CheckIcon, MessageSquareTextIcon, RocketIcon, SparklesIcon } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAcknowledgePlanWelcome, usePlan } from "@/lib/plan";
import { readSeenUpgrades, recordSeenUpgrade, shouldWelcomeUpgrade } from "@/lib/seen-upgrades";
import { cn } from "@/lib/utils";

// Core spec section 9: success toasts last 2000 ms.
const SUCCESS_TOAST_MS = 2000;
const STEP_COUNT = 3;

/**
 * Watches the plan and, the first time the user is seen on pro or enterprise (remembered on the server,
 * and in local storage 'seen_upgrades' for this browser's other tabs), opens the welcome dialog with the
 * success toast (core spec section 4, Plan).
 */
export function UpgradeWizard() {
  const plan = usePlan();
  const acknowledge = useAcknowledgePlanWelcome();
  const [welcomed, setWelcomed] = useState<{ name: string; features: string[] } | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const current = plan.data;
    // The server remembers the plans welcomed on any device; this browser's list stops a second tab.
    if (!current?.welcomePending || !shouldWelcomeUpgrade(current.type, readSeenUpgrades())) return;
    // Recorded before showing, so a second render or tab opening at the same moment does not repeat it.
    recordSeenUpgrade(current.type);
    acknowledge.mutate();
    setWelcomed({ name: current.name, features: current.features });
    setOpen(true);
    toast.success(UPGRADE_SUCCESS_MESSAGE, { duration: SUCCESS_TOAST_MS });
  }, [plan.data, acknowledge.mutate]);

  if (!welcomed) return null;
  return (
    <UpgradeWizardDialog
      planName={welcomed.name}
      features={welcomed.features}
      open={open}
      onOpenChange={setOpen}
    />
  );
}

/**
 * The upgrade welcome dialog (connections spec): three steps (welcome to the plan, new features, get
 * started), progress dots, Previous and Next, 'Get Started' last, and a close button.
 */
export function UpgradeWizardDialog({
  planName,
  features,
  open,
  onOpenChange,
}: {
  planName: string;
  features: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState(0);
  const last = step === STEP_COUNT - 1;

  // Every opening starts at the welcome step.
  useEffect(() => {
    if (open) setStep(0);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-6 sm:max-w-md" data-testid="upgrade-wizard" data-step={step}>
        {step === 0 ? (
          <StepIntro
            icon={SparklesIcon}
            title={`Welcome to ${planName}!`}
            description="Your upgrade is complete. Take a quick look at what your new plan unlocks."
          >
            <p className="text-center text-sm text-muted-foreground">
              Thank you for supporting us. Your new limits apply right away.
            </p>
          </StepIntro>
        ) : null}
        {step === 1 ? (
          <StepIntro
            icon={RocketIcon}
            title="Your new features"
            description={`Everything included in ${planName}:`}
          >
            <ul className="grid gap-2" data-testid="upgrade-wizard-features">
              {features.map((feature) => (
                <li
                  key={feature}
                  className="flex items-center gap-3 rounded-md border bg-muted/30 px-3 py-2 text-sm"
                >
                  <span
                    className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary"
                    aria-hidden="true"
                  >
                    <CheckIcon className="size-3" />
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
          </StepIntro>
        ) : null}
        {step === 2 ? (
          <StepIntro
            icon={CheckIcon}
            title="You're all set"
            description="Here is how to make the most of it from today."
          >
            <ul className="grid gap-3 text-sm">
              <li className="flex gap-3">
                <MessageSquareTextIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>Ask the assistant for a week of posts in your brand's voice.</span>
              </li>
              <li className="flex gap-3">
                <CalendarClockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>Approve them and drag them onto the Content Calendar to schedule.</span>
              </li>
            </ul>
          </StepIntro>
        ) : null}

        <div className="flex items-center justify-between gap-3">
          <div
            className="flex items-center gap-1.5"
            role="img"
            aria-label={`Step ${step + 1} of ${STEP_COUNT}`}
            data-testid="upgrade-wizard-dots"
          >
            {Array.from({ length: STEP_COUNT }, (_, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not data.
                key={index}
                className={cn(
                  "h-1.5 rounded-full transition-all",
                  index === step ? "w-5 bg-primary" : "w-1.5 bg-muted-foreground/30",
                )}
                data-active={index === step}
              />
            ))}
          </div>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => setStep((current) => Math.max(0, current - 1))}
              disabled={step === 0}
              data-testid="upgrade-wizard-previous"
            >
              Previous
            </Button>
            <Button
              type="button"
              onClick={() => (last ? onOpenChange(false) : setStep((current) => current + 1))}
              data-testid="upgrade-wizard-next"
            >
              {last ? "Get Started" : "Next"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function StepIntro({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof SparklesIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-5">
      <DialogHeader className="items-center text-center sm:text-center">
        <span
          className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary ring-8 ring-primary/5"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
        <DialogTitle data-testid="upgrade-wizard-title">{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
    </div>
  );
}
