import { LAST_WIZARD_STEP, WIZARD_STEPS, type WizardStep } from "@smm/domain/web";

import { cn } from "@/lib/utils";

/**
 * The five steps as a segmented bar with "Step N of 5". Segment labels are for screen readers only: five
 * names do not fit a phone-width dialog, and the current one is the dialog's title anyway.
 */
export function WizardProgress({ step }: { step: WizardStep }) {
  return (
    <div className="grid gap-2">
      <p
        className="text-xs font-medium text-muted-foreground"
        aria-live="polite"
        data-testid="wizard-step-count"
      >
        Step {step + 1} of {LAST_WIZARD_STEP + 1}
      </p>
      <ol className="flex gap-1.5" aria-label="Setup progress" data-testid="wizard-progress">
        {WIZARD_STEPS.map((label, index) => {
          const state = index < step ? "complete" : index === step ? "current" : "upcoming";
          return (
            <li
              key={label}
              className="flex-1"
              aria-current={state === "current" ? "step" : undefined}
              data-state={state}
              data-testid={`wizard-progress-step-${index}`}
            >
              <span
                className={cn(
                  "block h-1.5 rounded-full transition-colors",
                  state === "upcoming" ? "bg-muted" : "bg-primary",
                  state === "current" && "bg-primary/60",
                )}
                aria-hidden="true"
              />
              <span className="sr-only">
                {label}
                {state === "complete" ? " (done)" : state === "current" ? " (current step)" : ""}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
