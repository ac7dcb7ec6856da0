import {
  formatPlanPrice,
  type PlanType,
  planFeatures,
  planMonthlyPrices,
  planNames,
  planYearlyPrices,
} from "@smm/domain/web";
import { CheckIcon, Loader2Icon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

import type { BillingInterval } from "./use-subscription-page";

const descriptions: Record<PlanType, string> = {
  free: "For trying things out with one brand.",
  pro: "For businesses posting every week.",
  enterprise: "For teams that automate their social media.",
};

function priceOf(plan: PlanType, interval: BillingInterval): { amount: string; period: string } {
  if (plan === "free") return { amount: formatPlanPrice(0), period: "forever" };
  return interval === "year"
    ? { amount: formatPlanPrice(planYearlyPrices[plan]), period: "per year" }
    : { amount: formatPlanPrice(planMonthlyPrices[plan]), period: "per month" };
}

/** The monthly/annual switch; annual is billed as ten months. */
export function IntervalToggle({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  return (
    <fieldset
      className="inline-flex items-center rounded-full border bg-muted p-1"
      data-testid="billing-interval"
    >
      <legend className="sr-only">Billing interval</legend>
      {(["month", "year"] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            "flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            value === option ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
          data-testid={`interval-${option}`}
        >
          {option === "month" ? "Monthly" : "Annual"}
          {option === "year" && (
            <Badge variant="secondary" className="text-xs">
              Save 17%
            </Badge>
          )}
        </button>
      ))}
    </fieldset>
  );
}

/** One plan of the catalogue with its price for the interval and the action the current plan allows. */
export function PlanCard({
  plan,
  interval,
  current,
  busy,
  disabled,
  onChoose,
}: {
  plan: PlanType;
  interval: BillingInterval;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose?: () => void;
}) {
  const price = priceOf(plan, interval);
  return (
    <Card
      className={cn("flex flex-col", plan === "pro" && "border-primary/60 shadow-md")}
      data-testid={`subscription-plan-${plan}`}
    >
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          {planNames[plan]}
          {current && <Badge data-testid="current-plan-badge">Current plan</Badge>}
        </CardTitle>
        <CardDescription>{descriptions[plan]}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <p className="flex items-baseline gap-1.5">
          <span className="text-3xl font-semibold tracking-tight" data-testid={`price-${plan}`}>
            {price.amount}
          </span>
          <span className="text-sm text-muted-foreground">{price.period}</span>
        </p>
        <ul className="space-y-2 text-sm">
          {planFeatures[plan].map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {plan === "free" || current ? (
          <Button variant="outline" className="w-full" disabled>
            {current ? "Current plan" : "Included"}
          </Button>
        ) : (
          <Button className="w-full" onClick={onChoose} disabled={disabled} data-testid={`choose-${plan}`}>
            {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {busy ? "Opening checkout…" : `Upgrade to ${planNames[plan]}`}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
