import { billingEvents, type OptimizationGoal, optimizationGoals } from "@smm/domain/campaigns/schemas";
import {
  AD_SET_WIZARD_STEPS,
  type AdSetWizardEvent,
  type AdSetWizardValues,
  adSetWizardMachine,
  ageLabel,
} from "@smm/domain/machines/ad-set-wizard";
import { budgetHint, toMinorUnits } from "@smm/domain/machines/campaign-wizard";
import { useMachine } from "@xstate/react";
import { CircleAlertIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { fromPromise } from "xstate";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatMoney, useCreateAdSet } from "@/lib/campaigns";
import { AudienceStep, selectClass, Toggle } from "./ad-set-audience-step";
import { WizardFooter, WizardSteps } from "./wizard-parts";

const label = (value: string) =>
  value
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^\w/, (c) => c.toUpperCase());

type Send = (event: AdSetWizardEvent) => void;

function BudgetStep({ values, send, currency }: { values: AdSetWizardValues; send: Send; currency: string }) {
  return (
    <div className="space-y-3">
      <div className="flex gap-2">
        {(["daily", "lifetime"] as const).map((type) => (
          <Toggle
            key={type}
            pressed={values.budgetType === type}
            onClick={() => send({ type: "SET_BUDGET_TYPE", value: type })}
          >
            {type === "daily" ? "Daily budget" : "Lifetime budget"}
          </Toggle>
        ))}
      </div>
      <div className="space-y-1">
        <Label htmlFor="adset-budget">Budget ({currency})</Label>
        <Input
          id="adset-budget"
          type="number"
          min={1}
          step={0.01}
          inputMode="decimal"
          value={values.budget}
          onChange={(e) => send({ type: "SET_FIELD", field: "budget", value: e.target.value })}
          data-testid="adset-budget"
        />
        <p className="text-xs text-muted-foreground" data-testid="adset-budget-hint">
          {budgetHint(values.budgetType, currency)}
        </p>
      </div>
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
    <div className="space-y-4">
      <WizardSteps steps={AD_SET_WIZARD_STEPS} step={step} />
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
      {step === 3 && error ? (
        <Alert variant="destructive" data-testid="wizard-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <WizardFooter
        step={step}
        canNext
        creating={snapshot.matches("creating")}
        createLabel="Create Ad Set"
        onPrevious={() => send({ type: "PREVIOUS" })}
        onNext={() => send({ type: "NEXT" })}
        onCreate={() => send({ type: "CREATE" })}
      />
    </div>
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
    <Dialog open={props.campaign !== null} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent className="sm:max-w-lg" data-testid="adset-wizard">
        <DialogHeader>
          <DialogTitle>Create Ad Set</DialogTitle>
          <DialogDescription>In “{props.campaign?.name}”.</DialogDescription>
        </DialogHeader>
        {props.campaign ? (
          <WizardBody
            brandId={props.brandId}
            campaignId={props.campaign.id}
            currency={props.currency}
            onDone={props.onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
