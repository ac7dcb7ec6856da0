import {
  CalendarCheckIcon,
  CalendarClockIcon,
  CalendarDaysIcon,
  Loader2Icon,
  SparklesIcon,
} from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatDateTime } from "@/lib/generation";

import { GroupProgressRow } from "./group-progress-row";
import { useGeneratedGroup } from "./use-generated-group";

/**
 * A post written for several channels, summed up: each version's progress, then Approve all for one date
 * and time (every version is checked against its network first). The versions themselves are shown side
 * by side by GroupVersions.
 */
export function GeneratedGroup({
  brandId,
  postIds,
  onGenerateAnother,
}: {
  brandId: string;
  postIds: string[];
  onGenerateAnother?: () => void;
}) {
  const group = useGeneratedGroup(brandId, postIds);
  const id = useId();
  const titleId = `${id}-title`;
  const dateId = `${id}-date`;
  const allScheduled = group.loaded && group.scheduled.length === group.posts.length;
  const firstScheduled = group.scheduled[0]?.scheduledDate;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
      data-testid="generated-group"
      data-group-id={group.groupId ?? undefined}
      data-phase={group.generating ? "generating" : "ready"}
    >
      <div className="space-y-1">
        <h2 id={titleId} className="text-base font-semibold">
          Your post for {postIds.length} channels
        </h2>
        <p className="text-sm text-muted-foreground">
          One version per network, each written for its limits. Review them below, then approve them together
          or one by one.
        </p>
      </div>

      <ul className="divide-y" aria-label="Versions">
        {postIds.map((postId) => (
          <GroupProgressRow key={postId} brandId={brandId} postId={postId} />
        ))}
      </ul>

      {group.generating ? (
        <p className="text-xs text-muted-foreground">
          You can leave this page: the versions keep generating and wait for you on the dashboard.
        </p>
      ) : null}

      {allScheduled && firstScheduled ? (
        <Alert variant="success" data-testid="group-outcome">
          <CalendarClockIcon aria-hidden="true" />
          <AlertTitle>All versions approved &amp; scheduled</AlertTitle>
          <AlertDescription>
            <p>
              Scheduled for <time dateTime={firstScheduled}>{formatDateTime(firstScheduled)}</time>. You will
              find them in your Content Calendar.
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {group.approvable.length > 0 ? (
        <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4">
          <div className="grid gap-2">
            <Label htmlFor={dateId}>Schedule all for</Label>
            <Input
              id={dateId}
              type="datetime-local"
              value={group.dateValue}
              min={group.dateMin}
              onChange={(event) => group.changeDate(event.target.value)}
              aria-invalid={group.dateError ? true : undefined}
              aria-describedby={group.dateError ? `${dateId}-error` : `${dateId}-hint`}
              className="h-10"
              data-testid="group-schedule-date"
            />
            {group.dateError ? (
              <p
                id={`${dateId}-error`}
                className="text-sm text-destructive"
                data-testid="group-schedule-error"
              >
                {group.dateError}
              </p>
            ) : (
              <p id={`${dateId}-hint`} className="text-xs text-muted-foreground">
                Your local time; we start from the AI's suggested time when it is still ahead.
              </p>
            )}
          </div>
          <Button
            onClick={group.approveAll}
            disabled={!group.canApproveAll || group.approving}
            aria-describedby={group.blockedReason ? `${id}-blocked` : undefined}
            data-testid="group-approve-all"
          >
            {group.approving ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <CalendarCheckIcon aria-hidden="true" />
            )}
            {group.approvable.length === postIds.length
              ? "Approve all & schedule"
              : `Approve the other ${group.approvable.length} & schedule`}
          </Button>
          {group.blockedReason ? (
            <p
              id={`${id}-blocked`}
              className="text-xs text-muted-foreground"
              data-testid="group-approve-blocked"
            >
              {group.blockedReason}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {!group.generating && onGenerateAnother ? (
          <Button variant="secondary" onClick={onGenerateAnother} data-testid="generate-another">
            <SparklesIcon aria-hidden="true" />
            Generate another
          </Button>
        ) : null}
        {group.scheduled.length > 0 ? (
          <Button asChild variant="ghost" className="sm:ml-auto">
            <Link to="/calendar" data-testid="group-open-calendar">
              <CalendarDaysIcon aria-hidden="true" />
              Open calendar
            </Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
