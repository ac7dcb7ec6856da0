import { platformLabels } from "@smm/domain/web";
import { LightbulbIcon, Loader2Icon, SparklesIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { NetworkIcon } from "@/components/network-icon";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { type SuggestionView, useDismissSuggestion, useGenerateFromSuggestion } from "@/lib/agent";
import { ApiError } from "@/lib/api";
import { planLimitMessage, usePlan } from "@/lib/plan";

export const GENERATED_FROM_SUGGESTION = "Post generated from AI suggestion!";
export const GENERATE_FROM_SUGGESTION_FAILED = "Failed to generate post from suggestion";

/** Connections spec, Suggestion states: the button follows the linked post. */
export function suggestionButton(suggestion: SuggestionView): { label: string; enabled: boolean } {
  const post = suggestion.post;
  if (post?.status === "pending") return { label: "Post Pending", enabled: false };
  if (post?.status === "approved")
    return { label: post.postedAt ? "Published" : "Scheduled", enabled: false };
  return { label: "Generate", enabled: true };
}

const formatDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "numeric",
        minute: "2-digit",
      })
    : "";

function SuggestionCard({ suggestion, brandId }: { suggestion: SuggestionView; brandId: string }) {
  const generate = useGenerateFromSuggestion(brandId);
  const dismiss = useDismissSuggestion(brandId);
  const button = suggestionButton(suggestion);
  const plan = usePlan();
  const onGenerate = async () => {
    // The spec's allowance check first: a spent plan is told so without a refused request. A plan invalidated
    // by the last generation is read again first, so the check sees what that one used.
    const current = plan.isStale ? (await plan.refetch()).data : plan.data;
    const limit = planLimitMessage(current);
    if (limit) {
      toast.error(limit);
      return;
    }
    generate.mutate(suggestion.id, {
      onSuccess: () => toast.success(GENERATED_FROM_SUGGESTION),
      // The plan's limit keeps its own words; anything else is the spec's generic failure.
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 429 ? error.message : GENERATE_FROM_SUGGESTION_FAILED,
        ),
    });
  };
  const onDismiss = () => dismiss.mutate(suggestion.id);
  return (
    <li
      className="space-y-2 rounded-lg border p-3"
      data-testid="suggestion-card"
      data-suggestion-id={suggestion.id}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <NetworkIcon platform={suggestion.platform} />
        <span className="font-medium">{platformLabels[suggestion.platform]}</span>
        <span className="text-muted-foreground" data-testid="suggestion-date">
          {formatDate(suggestion.scheduledDate)}
        </span>
        {suggestion.engagementScore !== null && (
          <Badge variant="secondary" data-testid="suggestion-engagement">
            {suggestion.engagementScore}% predicted engagement
          </Badge>
        )}
      </div>
      {suggestion.reason && <p className="text-sm text-muted-foreground">{suggestion.reason}</p>}
      {suggestion.contentSuggestion && (
        <p className="text-sm break-words" data-testid="suggestion-content">
          {suggestion.contentSuggestion}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          className="h-10"
          onClick={() => void onGenerate()}
          disabled={!button.enabled || generate.isPending}
          data-testid="suggestion-action"
        >
          {generate.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SparklesIcon aria-hidden="true" />
          )}
          {button.label}
        </Button>
        <Button
          variant="outline"
          className="h-10"
          onClick={onDismiss}
          disabled={dismiss.isPending}
          data-testid="suggestion-dismiss"
        >
          <XIcon aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </li>
  );
}

export function SuggestionList({
  brandId,
  suggestions,
  loading,
  failed,
  onRetry,
}: {
  brandId: string;
  suggestions: SuggestionView[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  if (loading) return <Skeleton className="h-28" data-testid="suggestions-loading" />;
  if (failed) {
    return (
      <Alert variant="destructive" data-testid="suggestions-error">
        <AlertDescription className="flex flex-col items-start gap-2">
          Could not load the suggestions.
          <Button variant="outline" size="sm" className="h-10" onClick={onRetry}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!suggestions?.length) {
    return (
      <EmptyState
        icon={LightbulbIcon}
        title="No AI suggestions available"
        description="Suggestions appear here when the agent or a campaign plan proposes posts for your calendar."
        testId="suggestions-empty"
      />
    );
  }
  return (
    <ul className="space-y-3" aria-label="AI suggestions">
      {suggestions.map((suggestion) => (
        <SuggestionCard key={suggestion.id} suggestion={suggestion} brandId={brandId} />
      ))}
    </ul>
  );
}
