import { type CampaignWizardValues, deleteCampaignConfirmation, fromMinorUnits } from "@smm/domain/web";
import { AlertTriangleIcon, MegaphoneIcon, PlusIcon, RefreshCwIcon } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { NoBrandState } from "@/components/no-brand-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, hasApiReason } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import {
  type CampaignFilters,
  type CampaignView,
  formatMoney,
  useCampaignList,
  useDeleteCampaign,
  useUpdateCampaign,
} from "@/lib/campaigns";
import { AdAccountSelector } from "./ad-account-selector";
import { AdSetWizardDialog } from "./ad-set-wizard-dialog";
import { CampaignDetailsSheet } from "./campaign-details-sheet";
import { CampaignSummary } from "./campaign-summary";
import { type CampaignAction, CampaignTable } from "./campaign-table";
import { CampaignToolbar } from "./campaign-toolbar";
import { CampaignWizardDialog } from "./campaign-wizard-dialog";

function SetupRequired() {
  return (
    <Alert data-testid="campaigns-setup-required">
      <AlertTriangleIcon aria-hidden="true" />
      <AlertTitle>Facebook Ad Account Setup Required</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          <li>A connected Facebook page</li>
          <li>A connected Facebook ad account with ads permissions</li>
          <li>An active Business Manager (recommended; admin access is needed to manage ads)</li>
        </ul>
        <Button asChild size="sm" className="mt-2">
          <Link to="/settings?tab=facebook">Connect in Settings</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

function BrandCampaigns({ brandId }: { brandId: string }) {
  const [filters, setFilters] = useState<CampaignFilters>({ range: "30d", status: "all", search: "" });
  const search = useDeferredValue(filters.search);
  const query = useCampaignList(brandId, { ...filters, search });
  const update = useUpdateCampaign(brandId);
  const remove = useDeleteCampaign(brandId);
  const [wizard, setWizard] = useState<{ initial?: Partial<CampaignWizardValues> } | null>(null);
  const [adSetFor, setAdSetFor] = useState<CampaignView | null>(null);
  const [details, setDetails] = useState<{ id: string; editing: boolean } | null>(null);
  const [deleting, setDeleting] = useState<CampaignView | null>(null);
  const view = query.data;
  const currency = view?.account.currency ?? "USD";

  if (hasApiReason(query.error, "ad_account_required")) return <SetupRequired />;

  const onAction = (campaign: CampaignView, action: CampaignAction) => {
    if (action === "toggle") {
      const status = campaign.status === "ACTIVE" ? "PAUSED" : "ACTIVE";
      update.mutate(
        { id: campaign.id, status },
        {
          onSuccess: () => toast.success("Campaign updated successfully"),
          onError: (error) => toast.error(messageOf(error, "Failed to update campaign")),
        },
      );
    } else if (action === "adSet") setAdSetFor(campaign);
    else if (action === "details" || action === "edit")
      setDetails({ id: campaign.id, editing: action === "edit" });
    else if (action === "delete") setDeleting(campaign);
    else
      setWizard({
        initial: {
          name: `${campaign.name} (Copy)`,
          objective: campaign.objective as CampaignWizardValues["objective"],
          budgetType: campaign.lifetimeBudget !== null ? "lifetime" : "daily",
          budget: fromMinorUnits(campaign.dailyBudget ?? campaign.lifetimeBudget ?? 1000),
          // A duplicate starts PAUSED, so a copy never spends before it is checked.
          status: "PAUSED",
        },
      });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Campaigns</h1>
          <p className="text-sm text-muted-foreground" data-testid="campaigns-account">
            {view
              ? `${view.account.name} · ${view.account.currency} · Balance ${formatMoney(view.account.balance, view.account.currency)}`
              : "Facebook and Instagram ad campaigns for your brand."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AdAccountSelector brandId={brandId} enabled={Boolean(view)} />
          <Button
            variant="outline"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            data-testid="campaigns-refresh"
          >
            <RefreshCwIcon className={query.isFetching ? "animate-spin" : undefined} /> Refresh
          </Button>
          <Button onClick={() => setWizard({})} disabled={!view} data-testid="campaigns-create">
            <PlusIcon /> Create Campaign
          </Button>
        </div>
      </div>
      {view?.source === "database" ? (
        <Alert data-testid="campaigns-stale">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>Showing the last known campaigns</AlertTitle>
          <AlertDescription>{view.notice}</AlertDescription>
        </Alert>
      ) : null}
      {query.error && !view ? (
        <Alert variant="destructive">
          <AlertDescription>{messageOf(query.error, "Failed to fetch campaigns")}</AlertDescription>
        </Alert>
      ) : null}
      {view ? <CampaignSummary view={view} /> : query.isPending ? <Skeleton className="h-24" /> : null}
      <CampaignToolbar filters={filters} onChange={setFilters} />
      {query.isPending ? (
        <Skeleton className="h-64" data-testid="campaigns-loading" />
      ) : view && view.campaigns.length > 0 ? (
        <CampaignTable
          campaigns={view.campaigns}
          currency={currency}
          busyId={update.isPending ? (update.variables?.id ?? null) : null}
          onAction={onAction}
        />
      ) : view ? (
        filters.search || filters.status !== "all" ? (
          <EmptyState
            icon={MegaphoneIcon}
            title="No campaigns found"
            description="No campaign matches this search or status."
            testId="campaigns-none-found"
          />
        ) : (
          <EmptyState
            icon={MegaphoneIcon}
            title="No campaigns yet"
            description="Create your first campaign to reach people on Facebook and Instagram."
            testId="campaigns-empty"
            action={
              <Button onClick={() => setWizard({})}>
                <PlusIcon /> Create Campaign
              </Button>
            }
          />
        )
      ) : null}
      <CampaignWizardDialog
        brandId={brandId}
        currency={currency}
        open={wizard !== null}
        initial={wizard?.initial}
        onOpenChange={(open) => (open ? undefined : setWizard(null))}
      />
      <AdSetWizardDialog
        brandId={brandId}
        currency={currency}
        campaign={adSetFor}
        onClose={() => setAdSetFor(null)}
      />
      <CampaignDetailsSheet
        brandId={brandId}
        currency={currency}
        campaign={view?.campaigns.find((c) => c.id === details?.id) ?? null}
        editing={details?.editing ?? false}
        onClose={() => setDetails(null)}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent data-testid="campaign-delete-confirm">
          <DialogHeader>
            <DialogTitle>Delete campaign</DialogTitle>
            <DialogDescription>{deleting ? deleteCampaignConfirmation(deleting.name) : ""}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              data-testid="campaign-delete-confirm-button"
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => setDeleting(null),
                  onError: (error) => toast.error(messageOf(error, "Failed to update campaign")),
                })
              }
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export function CampaignsPage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  if (brand.isPending) return <Skeleton className="h-64" />;
  if (!brandId)
    return <NoBrandState purpose="Campaigns run ads for your brand" testId="campaigns-no-brand" />;
  return <BrandCampaigns key={brandId} brandId={brandId} />;
}
