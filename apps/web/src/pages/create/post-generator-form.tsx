import { MAX_PROMPT_LENGTH } from "@smm/domain/web";
import { CircleAlertIcon, CpuIcon, Loader2Icon, SparklesIcon } from "lucide-react";
import { Link } from "react-router";

import { FieldError } from "@/components/field-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";

import { CustomImageField } from "./custom-image-field";
import { PlanLimitAlert, PlanUsage } from "./plan-usage";
import { ImageStyleFields, PlatformAndLanguageFields } from "./post-generator-fields";
import { TemplatePicker } from "./template-picker";
import type { PostGeneratorState } from "./use-post-generator";

/*
 * The AI Post Generator's form as the hook hands it over: it renders the fields, their errors and the
 * Generate button, and passes every change back to the hook, which holds the rules.
 */

/** "Offline model" when the server runs its embedded writer, so nobody mistakes it for a real model. */
function ModelBadge({ kind }: { kind: string | undefined }) {
  if (!kind) return null;
  const offline = kind === "offline";
  return (
    <Badge
      variant="outline"
      className="font-normal text-muted-foreground"
      title={
        offline
          ? "Captions and images come from the built-in offline generator, not a hosted AI model."
          : "Captions are written by OpenAI."
      }
      data-testid="model-badge"
      data-kind={kind}
    >
      <CpuIcon aria-hidden="true" />
      {offline ? "Offline model" : "OpenAI"}
    </Badge>
  );
}

export function FormSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-label="Loading the generator">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-3 @lg:grid-cols-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
      <div className="grid gap-2 @lg:grid-cols-2">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export function PostGeneratorForm({ g }: { g: PostGeneratorState }) {
  const { form } = g;
  const promptHintId = `${g.promptId}-hint`;
  const promptErrorId = `${g.promptId}-error`;
  return (
    <form
      onSubmit={g.submit}
      noValidate
      aria-labelledby="generator-title"
      className="@container grid gap-6 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
      data-testid="generator-form"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="generator-title" className="font-semibold">
            AI Post Generator
          </h2>
          <PlanUsage plan={g.plan.data} isPending={g.plan.isPending} />
        </div>
        <ModelBadge kind={g.modelKind} />
      </div>

      {g.limitMessage && (
        <PlanLimitAlert message={g.limitMessage} showUpgrade={g.plan.data?.type === "free"} />
      )}

      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={g.promptId}>What is the post about?</Label>
          <TemplatePicker g={g} />
        </div>
        <Textarea
          id={g.promptId}
          value={form.prompt}
          onChange={(event) => g.changePrompt(event.target.value)}
          rows={4}
          maxLength={MAX_PROMPT_LENGTH}
          placeholder="e.g. Our new autumn blend is back: warm, spicy and only for three weeks"
          className="min-h-28"
          aria-invalid={form.fieldErrors.prompt ? true : undefined}
          aria-describedby={form.fieldErrors.prompt ? promptErrorId : promptHintId}
          data-testid="generator-prompt"
        />
        {!form.fieldErrors.prompt && (
          <p id={promptHintId} className="flex justify-between gap-3 text-xs text-muted-foreground">
            <span>Leave it empty and the AI picks a topic from your brand profile.</span>
            <span className="shrink-0 tabular-nums">
              {form.prompt.length}/{MAX_PROMPT_LENGTH}
            </span>
          </p>
        )}
        <FieldError id={promptErrorId} message={form.fieldErrors.prompt} testId="generator-prompt-error" />
      </div>

      <PlatformAndLanguageFields g={g} />

      <ImageStyleFields g={g} />

      <CustomImageField
        image={form.image}
        error={form.imageError}
        onSelect={g.selectImage}
        onRemove={g.removeImage}
        disabled={!g.brand}
      />

      <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
        <div className="grid gap-1">
          <Label htmlFor="include-watermark">Include watermark</Label>
          <p id="include-watermark-hint" className="text-xs text-muted-foreground">
            Your watermark is set in{" "}
            <Link
              to="/settings?tab=watermark"
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              Settings &gt; Watermark
            </Link>
            .
          </p>
        </div>
        <Switch
          id="include-watermark"
          checked={form.includeWatermark}
          onCheckedChange={g.changeIncludeWatermark}
          aria-describedby="include-watermark-hint"
          data-testid="include-watermark"
        />
      </div>

      {form.generateError && (
        <Alert variant="destructive" data-testid="generate-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>Post generation failed</AlertTitle>
          <AlertDescription>
            <p>{form.generateError}</p>
          </AlertDescription>
        </Alert>
      )}

      <div className="grid gap-2">
        <Button
          type="submit"
          size="lg"
          disabled={!g.canGenerate}
          aria-describedby={g.blockedReason ? "generate-blocked" : undefined}
          data-testid="generate-button"
        >
          {g.generating ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SparklesIcon aria-hidden="true" />
          )}
          {g.generating ? "Generating..." : "Generate"}
        </Button>
        {g.blockedReason && (
          <p
            id="generate-blocked"
            className="text-center text-xs text-muted-foreground"
            data-testid="generate-blocked"
          >
            {g.blockedReason}
          </p>
        )}
      </div>
    </form>
  );
}
