import { CircleAlertIcon, CircleCheckIcon, InfoIcon, Loader2Icon, ShieldCheckIcon } from "lucide-react";

import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

import { IntervalToggle, PlanCard } from "./plan-cards";
import {
  CHECKOUT_CANCELED,
  CHECKOUT_SUCCEEDED,
  CONFIRMING_PAYMENT,
  useSubscriptionPage,
} from "./use-subscription-page";

const SALES_MAILTO = "mailto:sales@socialmediamanager.app";

function ReturnNotice({ returned, waiting }: { returned: "success" | "canceled" | null; waiting: boolean }) {
  if (returned === "canceled")
    return (
      <Alert data-testid="checkout-canceled">
        <InfoIcon aria-hidden="true" />
        <AlertDescription>{CHECKOUT_CANCELED}</AlertDescription>
      </Alert>
    );
  if (returned === "success")
    return (
      <Alert data-testid="checkout-success">
        {waiting ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <CircleCheckIcon aria-hidden="true" />
        )}
        <AlertDescription>{waiting ? CONFIRMING_PAYMENT : CHECKOUT_SUCCEEDED}</AlertDescription>
      </Alert>
    );
  return null;
}

/** What a pro user sees instead of the plan cards: Enterprise cannot be bought yet (also refused by the server). */
function EnterpriseComingSoon() {
  return (
    <Card data-testid="enterprise-coming-soon">
      <CardHeader>
        <CardTitle>Enterprise Plan Coming Soon</CardTitle>
        <CardDescription>
          You are on Pro. The Enterprise plan with the AI agent for automation opens once our Facebook
          verification is complete.
        </CardDescription>
      </CardHeader>
      <div className="px-6">
        <Alert>
          <ShieldCheckIcon aria-hidden="true" />
          <AlertTitle>Facebook Verification In Progress</AlertTitle>
          <AlertDescription>
            Meta is reviewing our app; we will let you know as soon as it is approved.
          </AlertDescription>
        </Alert>
      </div>
      <CardFooter className="mt-6">
        <Button disabled>Coming Soon</Button>
      </CardFooter>
    </Card>
  );
}

export function SubscriptionPage() {
  const page = useSubscriptionPage();
  const { plan, planType } = page;

  if (plan.isPending)
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading your plan">
        <Loader2Icon className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  if (plan.isError || !planType)
    return (
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <AlertDescription>Failed to verify subscription status. Please contact support.</AlertDescription>
      </Alert>
    );

  return (
    <>
      <PageIntro
        heading="Choose Your Plan"
        description="Upgrade for more posts, more platforms and automation."
      />
      <div className="grid gap-6">
        <ReturnNotice returned={page.returned} waiting={page.waitingForPlan} />
        {page.checkoutError && (
          <Alert variant="destructive" data-testid="checkout-error">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>{page.checkoutError}</AlertDescription>
          </Alert>
        )}
        {planType === "pro" ? (
          <EnterpriseComingSoon />
        ) : (
          <>
            <div className="flex justify-center">
              <IntervalToggle value={page.interval} onChange={page.setInterval} />
            </div>
            <div className="grid gap-6 lg:grid-cols-3">
              {(["free", "pro", "enterprise"] as const).map((option) => (
                <PlanCard
                  key={option}
                  plan={option}
                  interval={page.interval}
                  current={planType === option}
                  busy={page.pendingPlan === option}
                  disabled={page.pendingPlan !== null || planType !== "free"}
                  onChoose={() => page.choose(option === "free" ? "pro" : option)}
                />
              ))}
            </div>
          </>
        )}
        <Alert data-testid="facebook-integration-status">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>Facebook Integration Status</AlertTitle>
          <AlertDescription>
            Publishing to Facebook pages and Instagram works on every plan. Ads and the AI agent's automation
            need Meta's app review, which is in progress.
          </AlertDescription>
        </Alert>
        <p className="text-center text-sm text-muted-foreground">
          Need more, or invoicing for a team?{" "}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={SALES_MAILTO}>
            Contact our sales team
          </a>
        </p>
      </div>
    </>
  );
}
