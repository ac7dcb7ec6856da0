import {
  CAMPAIGN_NAME_TIPS,
  CAMPAIGN_WIZARD_STEPS,
  type CampaignObjective,
  type CampaignWizardField,
  type CampaignWizardValues,
  campaignObjectives,
  campaignWizardMachine,
  canLeaveCampaignStep,
  startDateProblem,
  toMinorUnits,
} from "@smm/domain/web";
import { useMachine } from "@xstate/react";
import { useState } from "react";
import { toast } from "sonner";
import { fromPromise } from "xstate";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatMoney, useCreateCampaign } from "@/lib/campaigns";
import { cn } from "@/lib/utils";
import { objectiveLabel } from "./campaign-status-badge";
import { BudgetFields, WizardDialog, WizardFrame } from "./wizard-parts";

function ObjectiveStep({
  value,
  onChange,
}: {
  value: CampaignObjective | null;
  onChange: (o: CampaignObjective) => void;
}) {
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="sr-only">Campaign objective</legend>
      {campaignObjectives.map((objective) => (
        <Button
          key={objective}
          type="button"
          variant="outline"
          aria-pressed={value === objective}
          data-testid={`objective-${objective}`}
          className={cn("h-11 justify-start", value === objective && "border-primary bg-primary/10")}
          onClick={() => onChange(objective)}
        >
          {objectiveLabel(objective)}
        </Button>
      ))}
    </fieldset>
  );
}

function BudgetStep({
  values,
  set,
  currency,
  today,
}: {
  values: CampaignWizardValues;
  set: (f: CampaignWizardField, v: string) => void;
  currency: string;
  today: string;
}) {
  const startProblem = startDateProblem(values.startDate, today);
  return (
    <div className="space-y-3">
      <BudgetFields
        prefix="campaign"
        budgetType={values.budgetType}
        budget={values.budget}
        currency={currency}
        onBudgetType={(type) => set("budgetType", type)}
        onBudget={(value) => set("budget", value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="campaign-start">Start date (optional)</Label>
          <Input
            id="campaign-start"
            type="date"
            min={today}
            value={values.startDate}
            aria-invalid={startProblem ? true : undefined}
            aria-describedby={startProblem ? "campaign-start-error" : undefined}
            onChange={(e) => set("startDate", e.target.value)}
            data-testid="campaign-start"
          />
          {startProblem ? (
            <p
              id="campaign-start-error"
              className="text-xs text-destructive"
              data-testid="campaign-start-error"
            >
              {startProblem}
            </p>
          ) : null}
        </div>
        {values.budgetType === "lifetime" ? (
          <div className="space-y-1">
            <Label htmlFor="campaign-end">End date</Label>
            <Input
              id="campaign-end"
              type="date"
              value={values.endDate}
              onChange={(e) => set("endDate", e.target.value)}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Review({ values, currency }: { values: CampaignWizardValues; currency: string }) {
  const rows: [string, string][] = [
    ["Objective", objectiveLabel(values.objective ?? "")],
    ["Name", values.name.trim()],
    [
      values.budgetType === "daily" ? "Daily budget" : "Lifetime budget",
      formatMoney(toMinorUnits(values.budget), currency),
    ],
    ["Start", values.startDate || "Now"],
    ...(values.budgetType === "lifetime"
      ? ([["End", values.endDate || "Not set"]] as [string, string][])
      : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="campaign-review">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function WizardBody({
  brandId,
  currency,
  onDone,
  initial,
}: {
  brandId: string;
  currency: string;
  onDone: () => void;
  initial?: Partial<CampaignWizardValues>;
}) {
  const create = useCreateCampaign(brandId);
  const [machine] = useState(() =>
    campaignWizardMachine.provide({
      actors: {
        createCampaign: fromPromise(async ({ input }) => {
          const campaign = await create.mutateAsync(input);
          toast.success("Campaign created successfully");
          onDone();
          return campaign;
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { values: initial } });
  const { step, values, error, today } = snapshot.context;
  const set = (field: CampaignWizardField, value: string) => send({ type: "SET_FIELD", field, value });
  return (
    <WizardFrame
      steps={CAMPAIGN_WIZARD_STEPS}
      step={step}
      error={error}
      canNext={canLeaveCampaignStep(step, values, today)}
      creating={snapshot.matches("creating")}
      createLabel="Create Campaign"
      send={send}
    >
      {step === 0 ? (
        <ObjectiveStep
          value={values.objective}
          onChange={(objective) => send({ type: "SET_OBJECTIVE", objective })}
        />
      ) : null}
      {step === 1 ? (
        <div className="space-y-1">
          <Label htmlFor="campaign-name">Campaign name</Label>
          <Input
            id="campaign-name"
            autoFocus
            value={values.name}
            maxLength={400}
            onChange={(e) => set("name", e.target.value)}
            data-testid="campaign-name"
          />
          <p className="text-xs text-muted-foreground">{CAMPAIGN_NAME_TIPS}</p>
        </div>
      ) : null}
      {step === 2 ? <BudgetStep values={values} set={set} currency={currency} today={today} /> : null}
      {step === 3 ? <Review values={values} currency={currency} /> : null}
    </WizardFrame>
  );
}

/** The Create Campaign wizard (4 steps); `initial` pre-fills it (Duplicate). */
export function CampaignWizardDialog(props: {
  brandId: string;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: Partial<CampaignWizardValues>;
}) {
  return (
    <WizardDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Create Campaign"
      description="Set up a Facebook and Instagram ad campaign in four steps."
      testId="campaign-wizard"
    >
      <WizardBody
        brandId={props.brandId}
        currency={props.currency}
        initial={props.initial}
        onDone={() => props.onOpenChange(false)}
      />
    </WizardDialog>
  );
}
