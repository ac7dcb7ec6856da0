import { budgetHint } from "@smm/domain/web";
import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** The step indicator both wizards share. */
function WizardSteps({ steps, step }: { steps: readonly string[]; step: number }) {
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
function WizardFooter(props: {
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

/** The events both wizard machines take from the frame's buttons. */
type WizardNavigation = { type: "PREVIOUS" } | { type: "NEXT" } | { type: "CREATE" };

/**
 * The frame both wizards share (Create Campaign, Create Ad Set): the steps, the current step's fields, the
 * error the create came back with, and Previous / Next / Create sent to the wizard's machine.
 */
export function WizardFrame(props: {
  steps: readonly string[];
  step: number;
  error: string | null;
  canNext: boolean;
  creating: boolean;
  createLabel: string;
  send: (event: WizardNavigation) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <WizardSteps steps={props.steps} step={props.step} />
      {props.children}
      {props.error ? (
        <Alert variant="destructive" data-testid="wizard-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{props.error}</AlertDescription>
        </Alert>
      ) : null}
      <WizardFooter
        step={props.step}
        canNext={props.canNext}
        creating={props.creating}
        createLabel={props.createLabel}
        onPrevious={() => props.send({ type: "PREVIOUS" })}
        onNext={() => props.send({ type: "NEXT" })}
        onCreate={() => props.send({ type: "CREATE" })}
      />
    </div>
  );
}

/** The dialog a wizard opens in; its body is mounted only while open, so each opening starts afresh. */
export function WizardDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid={props.testId}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.open ? props.children : null}
      </DialogContent>
    </Dialog>
  );
}

type BudgetType = "daily" | "lifetime";

/**
 * Daily or lifetime, and the amount in the account's currency with its hint: the budget both wizards ask.
 * `prefix` names the fields (campaign-budget, adset-budget) for labels and tests.
 */
export function BudgetFields(props: {
  prefix: "campaign" | "adset";
  budgetType: BudgetType;
  budget: string;
  currency: string;
  onBudgetType: (type: BudgetType) => void;
  onBudget: (value: string) => void;
}) {
  const { prefix } = props;
  return (
    <>
      <fieldset className="flex gap-2">
        <legend className="sr-only">Budget type</legend>
        {(["daily", "lifetime"] as const).map((type) => (
          <Button
            key={type}
            type="button"
            size={prefix === "adset" ? "sm" : "default"}
            variant="outline"
            aria-pressed={props.budgetType === type}
            data-testid={prefix === "campaign" ? `budget-type-${type}` : undefined}
            className={cn(props.budgetType === type && "border-primary bg-primary/10")}
            onClick={() => props.onBudgetType(type)}
          >
            {type === "daily" ? "Daily budget" : "Lifetime budget"}
          </Button>
        ))}
      </fieldset>
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-budget`}>Budget ({props.currency})</Label>
        <Input
          id={`${prefix}-budget`}
          type="number"
          min={1}
          step={0.01}
          inputMode="decimal"
          value={props.budget}
          onChange={(e) => props.onBudget(e.target.value)}
          data-testid={`${prefix}-budget`}
        />
        <p className="text-xs text-muted-foreground" data-testid={`${prefix}-budget-hint`}>
          {budgetHint(props.budgetType, props.currency)}
        </p>
      </div>
    </>
  );
}
