import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** The step indicator both wizards share. */
export function WizardSteps({ steps, step }: { steps: readonly string[]; step: number }) {
  return (
    <ol className="grid grid-cols-4 gap-1" aria-label="Steps">
      {steps.map((label, index) => (
        <li key={label} aria-current={index === step ? "step" : undefined} className="space-y-1">
          <div className={cn("h-1 rounded-full", index <= step ? "bg-primary" : "bg-muted")} />
          <p
            className={cn(
              "truncate text-xs",
              index === step ? "font-medium text-foreground" : "text-muted-foreground",
            )}
            title={label}
          >
            {label}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Previous / Next, and Create with its 'Creating...' state on the last step. */
export function WizardFooter(props: {
  step: number;
  canNext: boolean;
  creating: boolean;
  createLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  onCreate: () => void;
}) {
  return (
    <div className="flex justify-between gap-2 pt-2">
      <Button
        type="button"
        variant="outline"
        disabled={props.step === 0 || props.creating}
        onClick={props.onPrevious}
      >
        Previous
      </Button>
      {props.step < 3 ? (
        <Button type="button" disabled={!props.canNext} onClick={props.onNext} data-testid="wizard-next">
          Next
        </Button>
      ) : (
        <Button type="button" disabled={props.creating} onClick={props.onCreate} data-testid="wizard-create">
          {props.creating ? "Creating..." : props.createLabel}
        </Button>
      )}
    </div>
  );
}
