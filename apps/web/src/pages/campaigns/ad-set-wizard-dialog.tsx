import {
  AD_SET_WIZARD_STEPS,
  type AdSetWizardEvent,
  type AdSetWizardValues,
  adSetWizardMachine,
  ageLabel,
  billingEvents,
  type OptimizationGoal,
  optimizationGoals,
  toMinorUnits,
} from "@smm/domain/web";
import { useMachine } from "@xstate/react";
import { useState } from "react";
import { toast } from "sonner";
import { fromPromise } from "xstate";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatMoney, useCreateAdSet } from "@/lib/campaigns";
import { AudienceStep, selectClass } from "./ad-set-audience-step";
import { BudgetFields, WizardDialog, WizardFrame } from "./wizard-parts";

const label = (value: string) =>
  value
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^\w/, (c) => c.toUpperCase());

type Send = (event: AdSetWizardEvent) => void;

function BudgetStep({ values, send, currency }: { values: AdSetWizardValues; send: Send; currency: string }) {
  return (
    <div className="space-y-3">
      <BudgetFields
        prefix="adset"
        budgetType={values.budgetType}
        budget={values.budget}
        currency={currency}
        onBudgetType={(value) => send({ type: "SET_BUDGET_TYPE", value })}
        onBudget={(value) => send({ type: "SET_FIELD", field: "budget", value })}
      />
      <div className="space-y-1">
        <Label htmlFor="adset-billing">Billing event</Label>
        <select
          id="adset-billing"
          className={selectClass}
          value={values.billingEvent}
          onChange={(e) =>
            send({ type: "SET_BILLING_EVENT", value: e.target.value as AdSetWizardValues["billingEvent"] })
          }
        >
          {billingEvents.map((event) => (
            <option key={event} value={event}>
              {label(event)}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm text-muted-foreground">Bidding: automatic (lowest cost).</p>
    </div>
  );
}

function WizardBody({
  brandId,
  campaignId,
  currency,
  onDone,
}: {
  brandId: string;
  campaignId: string;
  currency: string;
  onDone: () => void;
}) {
  const create = useCreateAdSet(brandId);
  const [machine] = useState(() =>
    adSetWizardMachine.provide({
      actors: {
        createAdSet: fromPromise(async ({ input }) => {
          const adSet = await create.mutateAsync(input);
          toast.success("Ad set created successfully");
          onDone();
          return adSet;
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { campaignId } });
  const { step, values, error } = snapshot.context;
  return (
    <WizardFrame
      steps={AD_SET_WIZARD_STEPS}
      step={step}
      // The ad set's error belongs to the create, on the review step.
      error={step === 3 ? error : null}
      canNext
      creating={snapshot.matches("creating")}
      createLabel="Create Ad Set"
      send={send}
    >
      {step === 0 ? (
        <div className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor="adset-name">Ad set name</Label>
            <Input
              id="adset-name"
              autoFocus
              value={values.name}
              onChange={(e) => send({ type: "SET_FIELD", field: "name", value: e.target.value })}
              data-testid="adset-name"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="adset-goal">Optimization goal</Label>
            <select
              id="adset-goal"
              className={selectClass}
              value={values.optimizationGoal}
              onChange={(e) =>
                send({ type: "SET_OPTIMIZATION_GOAL", value: e.target.value as OptimizationGoal })
              }
            >
              {optimizationGoals.map((goal) => (
                <option key={goal} value={goal}>
                  {label(goal)}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {step === 1 ? <AudienceStep values={values} send={send} /> : null}
      {step === 2 ? <BudgetStep values={values} send={send} currency={currency} /> : null}
      {step === 3 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="adset-review">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{values.name.trim() || "Unnamed"}</dd>
          <dt className="text-muted-foreground">Goal</dt>
          <dd className="font-medium">{label(values.optimizationGoal)}</dd>
          <dt className="text-muted-foreground">Audience</dt>
          <dd className="font-medium">
            {values.ageMin}-{ageLabel(values.ageMax)},{" "}
            {values.genders.length === 2 ? "all genders" : values.genders[0] === 1 ? "men" : "women"},{" "}
            {values.countries.join(", ")}
          </dd>
          <dt className="text-muted-foreground">Budget</dt>
          <dd className="font-medium">
            {formatMoney(toMinorUnits(values.budget), currency)}{" "}
            {values.budgetType === "daily" ? "per day" : "total"}
          </dd>
        </dl>
      ) : null}
    </WizardFrame>
  );
}

/** The Create Ad Set wizard for one campaign (null: closed). */
export function AdSetWizardDialog(props: {
  brandId: string;
  currency: string;
  campaign: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <WizardDialog
      open={props.campaign !== null}
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title="Create Ad Set"
      description={<>In “{props.campaign?.name}”.</>}
      testId="adset-wizard"
    >
      {props.campaign ? (
        <WizardBody
          brandId={props.brandId}
          campaignId={props.campaign.id}
          currency={props.currency}
          onDone={props.onClose}
        />
      ) : null}
    </WizardDialog>
  );
}
