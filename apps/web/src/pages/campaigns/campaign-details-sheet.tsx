import { fromMinorUnits, toMinorUnits } from "@smm/domain/web";
import { useEffect, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { ApiError } from "@/lib/api";
import { type CampaignView, formatMoney, useUpdateCampaign } from "@/lib/campaigns";
import { CampaignStatusBadge, objectiveLabel } from "./campaign-status-badge";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "Not set");

function EditForm({
  brandId,
  campaign,
  onSaved,
}: {
  brandId: string;
  campaign: CampaignView;
  onSaved: () => void;
}) {
  const update = useUpdateCampaign(brandId);
  const budgetMinor = campaign.dailyBudget ?? campaign.lifetimeBudget ?? 0;
  const [name, setName] = useState(campaign.name);
  const [budget, setBudget] = useState(fromMinorUnits(budgetMinor));
  const [end, setEnd] = useState(campaign.endTime?.slice(0, 10) ?? "");
  const save = () => {
    const minor = toMinorUnits(budget);
    const endTime = end ? new Date(`${end}T00:00:00.000Z`).toISOString() : null;
    update.mutate(
      {
        id: campaign.id,
        ...(name.trim() !== campaign.name ? { name: name.trim() } : {}),
        ...(minor !== budgetMinor && minor >= 100 ? { budget: minor } : {}),
        ...(endTime !== (campaign.endTime ? new Date(campaign.endTime).toISOString() : null)
          ? { endTime }
          : {}),
      },
      {
        onSuccess: () => {
          toast.success("Campaign updated successfully");
          onSaved();
        },
        onError: (error) =>
          toast.error(error instanceof ApiError ? error.message : "Failed to update campaign"),
      },
    );
  };
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="campaign-edit-form"
    >
      <div className="space-y-1">
        <Label htmlFor="edit-name">Name</Label>
        <Input id="edit-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="edit-budget">
          {campaign.lifetimeBudget !== null ? "Lifetime budget" : "Daily budget"}
        </Label>
        <Input
          id="edit-budget"
          type="number"
          min={1}
          step={0.01}
          value={budget}
          onChange={(e) => setBudget(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="edit-end">End date</Label>
        <Input id="edit-end" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      <Button type="submit" disabled={update.isPending || !name.trim()}>
        {update.isPending ? "Saving..." : "Save changes"}
      </Button>
    </form>
  );
}

/** View Details (and Edit Campaign: the same drawer opened on its form). */
export function CampaignDetailsSheet(props: {
  brandId: string;
  currency: string;
  campaign: CampaignView | null;
  editing: boolean;
  onClose: () => void;
}) {
  const { campaign } = props;
  const [editing, setEditing] = useState(props.editing);
  useEffect(() => setEditing(props.editing), [props.editing]);
  return (
    <Sheet open={campaign !== null} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <SheetContent className="overflow-y-auto" data-testid="campaign-details">
        {campaign ? (
          <>
            <SheetHeader>
              <SheetTitle className="break-words">{campaign.name}</SheetTitle>
              <SheetDescription>{objectiveLabel(campaign.objective)} campaign</SheetDescription>
            </SheetHeader>
            <div className="space-y-4 px-4 pb-6 text-sm">
              <CampaignStatusBadge status={campaign.status} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
                <dt className="text-muted-foreground">Budget</dt>
                <dd>
                  {formatMoney(campaign.dailyBudget ?? campaign.lifetimeBudget ?? 0, props.currency)}{" "}
                  {campaign.dailyBudget !== null ? "per day" : "total"}
                </dd>
                <dt className="text-muted-foreground">Start</dt>
                <dd>{day(campaign.startTime)}</dd>
                <dt className="text-muted-foreground">End</dt>
                <dd>{day(campaign.endTime)}</dd>
                <dt className="text-muted-foreground">Created</dt>
                <dd>{new Date(campaign.createdTime).toLocaleString()}</dd>
                <dt className="text-muted-foreground">Spend</dt>
                <dd>{formatMoney(campaign.insights.spend, props.currency)}</dd>
                <dt className="text-muted-foreground">Impressions · clicks</dt>
                <dd>
                  {campaign.insights.impressions.toLocaleString()} ·{" "}
                  {campaign.insights.clicks.toLocaleString()} ({campaign.insights.ctr.toFixed(2)}%)
                </dd>
                <dt className="text-muted-foreground">Ad sets</dt>
                <dd>{campaign.adSets.length}</dd>
                <dt className="text-muted-foreground">Network id</dt>
                <dd className="break-all">{campaign.facebookCampaignId ?? "Waiting for confirmation"}</dd>
              </dl>
              {editing ? (
                <EditForm
                  key={campaign.id}
                  brandId={props.brandId}
                  campaign={campaign}
                  onSaved={props.onClose}
                />
              ) : (
                <Button variant="outline" disabled={campaign.unconfirmed} onClick={() => setEditing(true)}>
                  Edit Campaign
                </Button>
              )}
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
