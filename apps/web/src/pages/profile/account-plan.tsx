import { formatLongDate } from "@smm/domain/web";
import { CheckIcon, CircleAlertIcon, CreditCardIcon, Loader2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ApiError } from "@/lib/api";
import { useChangeCancellation, useOpenBillingPortal } from "@/lib/billing";
import { type UserPlan, usePlan } from "@/lib/plan";

// The spec's texts (connections spec §8, Subscription).
const CANCEL_FAILED = "Failed to cancel subscription";
const REACTIVATE_FAILED = "Failed to reactivate subscription";

// The browser's own day (undefined zone), written as everywhere else.
const formatDate = (iso: string | null) => (iso ? formatLongDate(iso, undefined) : null);

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;

/** Posts left this month as a bar; unlimited plans say so instead. */
function PostsRemaining({ plan }: { plan: UserPlan }) {
  if (plan.maxPosts === null || plan.postsRemaining === null)
    return <p className="font-medium">Unlimited posts</p>;
  const percent = Math.round((plan.postsRemaining / plan.maxPosts) * 100);
  return (
    <div className="space-y-2">
      <p className="font-medium" data-testid="posts-remaining">
        {plan.postsRemaining} of {plan.maxPosts} posts remaining this month
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Posts remaining this month"
        aria-valuemin={0}
        aria-valuemax={plan.maxPosts}
        aria-valuenow={plan.postsRemaining}
      >
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Cancel Subscription behind a confirmation; the plan stays until the period's end. */
function CancelSubscription({ plan }: { plan: UserPlan }) {
  const [open, setOpen] = useState(false);
  const change = useChangeCancellation();
  const until = formatDate(plan.currentPeriodEnd);
  function confirm() {
    change.mutate("cancel", {
      onSuccess: () => {
        setOpen(false);
        toast.info(`Your subscription is cancelled. You keep ${plan.name}${until ? ` until ${until}` : ""}.`);
      },
      onError: (error) => toast.error(messageOf(error, CANCEL_FAILED)),
    });
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="cancel-subscription">
        Cancel Subscription
      </Button>
      <DialogContent data-testid="cancel-subscription-dialog">
        <DialogHeader>
          <DialogTitle>Cancel your subscription?</DialogTitle>
          <DialogDescription>
            You keep {plan.name}
            {until ? ` until ${until}` : " until the end of the billing period"}, then you move to the free
            plan.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep {plan.name}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={change.isPending}
            data-testid="confirm-cancel-subscription"
          >
            {change.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Cancel Subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function KeepSubscription() {
  const change = useChangeCancellation();
  return (
    <Button
      onClick={() =>
        change.mutate("reactivate", {
          onError: (error) => toast.error(messageOf(error, REACTIVATE_FAILED)),
        })
      }
      disabled={change.isPending}
      data-testid="keep-subscription"
    >
      {change.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      Keep My Subscription
    </Button>
  );
}

/** Account Information's plan part: name, posts left, features and what the user can do about the plan. */
export function AccountPlan() {
  const plan = usePlan();
  const portal = useOpenBillingPortal();
  if (plan.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
        Loading your plan…
      </p>
    );
  if (plan.isError)
    return (
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <AlertDescription>Failed to verify subscription status. Please contact support.</AlertDescription>
      </Alert>
    );
  const current = plan.data;
  const until = formatDate(current.currentPeriodEnd);
  return (
    <div className="grid gap-4" data-testid="account-plan">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">Plan</p>
        <p className="text-lg font-semibold" data-testid="account-plan-name">
          {current.name}
        </p>
      </div>
      <PostsRemaining plan={current} />
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {current.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {current.cancelAtPeriodEnd && (
        <Alert data-testid="subscription-cancelled-notice">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>
            Your subscription is cancelled. You keep {current.name}
            {until ? ` until ${until}` : " until the end of the billing period"}.
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {current.type === "free" ? (
          <Link to="/subscription" className={buttonVariants()} data-testid="upgrade-plan">
            Upgrade Plan
          </Link>
        ) : (
          <>
            {current.cancelAtPeriodEnd ? <KeepSubscription /> : <CancelSubscription plan={current} />}
            <Button
              variant="ghost"
              onClick={() => portal.mutate()}
              disabled={portal.isPending}
              data-testid="billing-portal"
            >
              {portal.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <CreditCardIcon aria-hidden="true" />
              )}
              Invoices and cards
            </Button>
          </>
        )}
      </div>
      {portal.isError && (
        <Alert variant="destructive" data-testid="billing-portal-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>{portal.error.message}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
