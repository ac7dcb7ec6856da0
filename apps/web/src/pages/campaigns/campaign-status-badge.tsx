import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** Green active, yellow paused, blue pending review, red disapproved, grey other (spec: status values). */
const TONES: Record<string, string> = {
  ACTIVE: "border-emerald-500/40 bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  PAUSED: "border-amber-500/40 bg-amber-500/15 text-amber-700 dark:text-amber-300",
  PENDING_REVIEW: "border-sky-500/40 bg-sky-500/15 text-sky-700 dark:text-sky-300",
  DISAPPROVED: "border-red-500/40 bg-red-500/15 text-red-700 dark:text-red-300",
};

const LABELS: Record<string, string> = {
  ACTIVE: "Active",
  PAUSED: "Paused",
  PENDING_REVIEW: "Pending review",
  PENDING_BILLING_INFO: "Pending billing",
  DISAPPROVED: "Disapproved",
  ARCHIVED: "Archived",
  DELETED: "Deleted",
};

export function CampaignStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="outline"
      className={cn(TONES[status] ?? "text-muted-foreground")}
      data-testid="campaign-status"
    >
      {LABELS[status] ?? status}
    </Badge>
  );
}

/** OUTCOME_TRAFFIC -> Traffic. */
export const objectiveLabel = (objective: string) =>
  objective
    .replace(/^OUTCOME_/, "")
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^\w/, (first) => first.toUpperCase());
