import {
  type ImageStyle,
  type LanguageCode,
  languageCodes,
  languageNames,
} from "@smm/domain/brands/constants";
import { generatePostInput, MAX_PROMPT_LENGTH } from "@smm/domain/generation/schemas";
import { checkImageUpload } from "@smm/domain/media/schemas";
import { CircleAlertIcon, CpuIcon, Loader2Icon, RotateCwIcon, SparklesIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { FacebookIcon, InstagramIcon } from "@/components/brand-icons";
import { EmptyState } from "@/components/empty-state";
import { GeneratedPostCard } from "@/components/generation/generated-post-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, type ApiIssue } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import { toSixDigitColor } from "@/lib/colors";
import {
  GENERATION_STARTED_TOAST,
  type GenerateRequest,
  generationToastId,
  UPLOAD_FAILED_MESSAGE,
  uploadImage,
  useGeneratePost,
  useImageStyles,
  usePublicConfig,
  useSessionGenerations,
} from "@/lib/generation";
import { usePlan } from "@/lib/plan";

import { type CustomImage, CustomImageField } from "./custom-image-field";
import { ImageStylePicker } from "./image-style-picker";
import { PlanLimitAlert, PlanUsage, planLimitMessage } from "./plan-usage";
import { SessionGenerations } from "./session-generations";

type Platform = "facebook" | "instagram";

const PLATFORMS: { value: Platform; label: string; icon: typeof FacebookIcon }[] = [
  { value: "facebook", label: "Facebook", icon: FacebookIcon },
  { value: "instagram", label: "Instagram", icon: InstagramIcon },
];

export const NO_BRAND_MESSAGE = "Please select a brand first";
const GENERATE_FAILED = "Failed to generate post";
// Core spec section 9: success toasts 2000 ms, errors 4000 ms.
const SUCCESS_TOAST_MS = 2_000;
const ERROR_TOAST_MS = 4_000;

const FALLBACK_COLORS = { primary: "#3B82F6", secondary: "#8B5CF6", accent: "#10B981" };

/** The fields that show their own problem; any other issue falls back to the form's general error. */
const FIELD_NAMES = ["prompt", "language", "imageStyle", "imagePromptOverride", "platform"] as const;
type FieldName = (typeof FIELD_NAMES)[number];
type FieldErrors = Partial<Record<FieldName, string>>;

const isFieldName = (name: string): name is FieldName => (FIELD_NAMES as readonly string[]).includes(name);

/** The first problem of each field, from the schema's or the server's issues (dotted paths). */
function toFieldErrors(issues: readonly ApiIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[0] ?? "";
    if (isFieldName(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** "Offline model" when the server runs its embedded writer, so nobody mistakes it for a real model. */
function ModelBadge() {
  const config = usePublicConfig();
  const kind = config.data?.ai;
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

function FormSkeleton() {
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

function InlineError({ id, message, testId }: { id: string; message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-destructive" data-testid={testId}>
      <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/**
 * The AI Post Generator tab: the form on one side, the latest generation (progress, then the preview and
 * review actions) on the other, and this session's earlier generations under it.
 */
export function PostGenerator() {
  const activeBrand = useActiveBrand();
  const brand = activeBrand.data ?? null;
  const brandId = brand?.id;
  const plan = usePlan();
  const styles = useImageStyles();
  const generate = useGeneratePost(brandId);
  const session = useSessionGenerations(brandId);

  // The form. Nothing here is cleared by an error; only the user changes it.
  const [prompt, setPrompt] = useState("");
  const [platform, setPlatform] = useState<Platform>("facebook");
  const [language, setLanguage] = useState<LanguageCode | null>(null);
  const [imageStyle, setImageStyle] = useState<ImageStyle | null>(null);
  const [customImagePrompt, setCustomImagePrompt] = useState("");
  const [includeWatermark, setIncludeWatermark] = useState(true);
  const [image, setImage] = useState<CustomImage>({ status: "idle" });
  const [imageError, setImageError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [quotaError, setQuotaError] = useState<string | null>(null);
  const [stylesErrorDismissed, setStylesErrorDismissed] = useState(false);

  // Which generation is shown large: undefined = the latest of this session, null = none ("Generate another").
  const [shown, setShown] = useState<string | null | undefined>(undefined);
  const [shownFor, setShownFor] = useState(brandId);
  if (shownFor !== brandId) {
    setShownFor(brandId);
    setShown(undefined);
  }
  const shownId = shown === undefined ? (session.ids[0] ?? null) : shown;

  const uploadAbort = useRef<AbortController | null>(null);
  const previewUrl = useRef<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const promptId = useId();
  const styleLabelId = useId();

  useEffect(
    () => () => {
      uploadAbort.current?.abort();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const availableStyles = styles.data?.filter((style) => style.available) ?? [];
  const brandStyle = brand?.settings.imageStyle;
  const defaultStyle = ((
    availableStyles.find((style) => style.imageStyle === brandStyle) ?? availableStyles[0]
  )?.imageStyle ?? null) as ImageStyle | null;
  const selectedStyle =
    imageStyle && availableStyles.some((style) => style.imageStyle === imageStyle)
      ? imageStyle
      : defaultStyle;
  const selectedLanguage: LanguageCode = language ?? brand?.settings.defaultLanguage ?? "en";
  const colors = brand
    ? {
        primary: toSixDigitColor(brand.settings.primaryColor, FALLBACK_COLORS.primary),
        secondary: toSixDigitColor(brand.settings.secondaryColor, FALLBACK_COLORS.secondary),
        accent: toSixDigitColor(brand.settings.accentColor, FALLBACK_COLORS.accent),
      }
    : FALLBACK_COLORS;

  const limitMessage = planLimitMessage(plan.data) ?? quotaError;
  const planBlocks = planLimitMessage(plan.data) !== null;
  const uploading = image.status === "uploading";
  const blockedReason = !brand
    ? NO_BRAND_MESSAGE
    : planBlocks
      ? null // the limit alert above says why
      : uploading
        ? "Wait for the image upload to finish."
        : null;
  const canGenerate = Boolean(brand) && !planBlocks && !uploading && !generate.isPending;

  function clearImage() {
    uploadAbort.current?.abort();
    uploadAbort.current = null;
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
    setImage({ status: "idle" });
  }

  function selectImage(file: File) {
    clearImage();
    const problem = checkImageUpload(file);
    if (problem) {
      setImageError(problem);
      return;
    }
    if (!brandId) {
      setImageError(NO_BRAND_MESSAGE);
      return;
    }
    setImageError(null);
    const preview = URL.createObjectURL(file);
    previewUrl.current = preview;
    const controller = new AbortController();
    uploadAbort.current = controller;
    setImage({ status: "uploading", name: file.name, preview, progress: 0 });
    uploadImage(
      file,
      brandId,
      (progress) => {
        if (!controller.signal.aborted)
          setImage((current) => (current.status === "uploading" ? { ...current, progress } : current));
      },
      controller.signal,
    ).then(
      (media) => {
        if (controller.signal.aborted) return;
        uploadAbort.current = null;
        setImage({ status: "uploaded", name: file.name, preview, media });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        uploadAbort.current = null;
        // The spec: a failed upload clears the selection. The server's reason (a file that is not really
        // an image, too large) is kept next to the field.
        URL.revokeObjectURL(preview);
        previewUrl.current = null;
        setImage({ status: "idle" });
        const reason =
          error instanceof ApiError && error.status === 400 && error.message
            ? error.message
            : UPLOAD_FAILED_MESSAGE;
        setImageError(reason);
        toast.error(UPLOAD_FAILED_MESSAGE, { duration: ERROR_TOAST_MS });
      },
    );
  }

  function buildRequest(): GenerateRequest | null {
    const request: GenerateRequest = {
      platform,
      prompt: prompt.trim() || undefined,
      language: selectedLanguage,
      imageStyle: selectedStyle ?? undefined,
      imagePromptOverride: selectedStyle === "custom" ? customImagePrompt.trim() || undefined : undefined,
      imageId: image.status === "uploaded" ? image.media.id : undefined,
      includeWatermark,
    };
    // The server's own schema decides (a custom style needs a prompt or an image, the prompt's length...),
    // so the form says what the server would, before the request, next to the same fields.
    const checked = generatePostInput.safeParse(request);
    const errors = checked.success
      ? {}
      : toFieldErrors(
          checked.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
        );
    setFieldErrors(errors);
    return Object.keys(errors).length > 0 ? null : request;
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!brand) {
      setGenerateError(NO_BRAND_MESSAGE);
      return;
    }
    if (!canGenerate) return;
    const request = buildRequest();
    if (!request) return;
    setGenerateError(null);
    generate.mutate(request, {
      onSuccess: (post) => {
        setQuotaError(null);
        session.add(post.id);
        setShown(post.id);
        toast.success(GENERATION_STARTED_TOAST, {
          id: generationToastId(post.id),
          duration: SUCCESS_TOAST_MS,
        });
        // The result's top (the progress bar) may be out of view: under the form on a phone, or scrolled
        // past on a wide screen after pressing Generate at the bottom of a long form.
        requestAnimationFrame(() => {
          const result = resultRef.current;
          if (!result) return;
          const { top } = result.getBoundingClientRect();
          if (top < 64 || top > window.innerHeight - 120)
            result.scrollIntoView({ behavior: "smooth", block: "start" });
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          setQuotaError(error.message);
          return;
        }
        if (error instanceof ApiError && error.issues?.length) {
          const next = toFieldErrors(error.issues);
          setFieldErrors(next);
          if (Object.keys(next).length > 0) return;
        }
        if (error instanceof ApiError && error.status === 404 && image.status === "uploaded") {
          // The uploaded image is gone (deleted elsewhere): ask for it again, keep everything else.
          clearImage();
          setImageError(error.message);
          return;
        }
        setGenerateError(error.message || GENERATE_FAILED);
      },
    });
  }

  if (activeBrand.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="@container rounded-xl border bg-card p-4 sm:p-6">
          <FormSkeleton />
        </div>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  if (activeBrand.isError) {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="Could not load your brand"
        description={activeBrand.error.message}
        testId="create-load-error"
        action={
          <Button
            variant="outline"
            onClick={() => void activeBrand.refetch()}
            disabled={activeBrand.isFetching}
          >
            <RotateCwIcon
              className={activeBrand.isFetching ? "animate-spin" : undefined}
              aria-hidden="true"
            />
            Try again
          </Button>
        }
      />
    );
  }

  const otherIds = session.ids.filter((id) => id !== shownId);
  const promptHintId = `${promptId}-hint`;
  const promptErrorId = `${promptId}-error`;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <form
        onSubmit={submit}
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
            <PlanUsage plan={plan.data} isPending={plan.isPending} />
          </div>
          <ModelBadge />
        </div>

        {limitMessage && <PlanLimitAlert message={limitMessage} showUpgrade={plan.data?.type === "free"} />}

        <div className="grid gap-2">
          <Label htmlFor={promptId}>What is the post about?</Label>
          <Textarea
            id={promptId}
            value={prompt}
            onChange={(event) => {
              setPrompt(event.target.value);
              if (fieldErrors.prompt) setFieldErrors(({ prompt: _, ...rest }) => rest);
            }}
            rows={4}
            maxLength={MAX_PROMPT_LENGTH}
            placeholder="e.g. Our new autumn blend is back: warm, spicy and only for three weeks"
            className="min-h-28"
            aria-invalid={fieldErrors.prompt ? true : undefined}
            aria-describedby={fieldErrors.prompt ? promptErrorId : promptHintId}
            data-testid="generator-prompt"
          />
          {!fieldErrors.prompt && (
            <p id={promptHintId} className="flex justify-between gap-3 text-xs text-muted-foreground">
              <span>Leave it empty and the AI picks a topic from your brand profile.</span>
              <span className="shrink-0 tabular-nums">
                {prompt.length}/{MAX_PROMPT_LENGTH}
              </span>
            </p>
          )}
          <InlineError id={promptErrorId} message={fieldErrors.prompt} testId="generator-prompt-error" />
        </div>

        <div className="grid gap-4 @lg:grid-cols-2">
          <fieldset className="grid content-start gap-2">
            <legend id="platform-label" className="mb-2 text-sm font-medium">
              Platform
            </legend>
            <RadioGroup
              value={platform}
              onValueChange={(value) => setPlatform(value as Platform)}
              aria-labelledby="platform-label"
              className="grid grid-cols-2 gap-2"
              data-testid="generator-platform"
            >
              {PLATFORMS.map((option) => (
                <Label
                  key={option.value}
                  htmlFor={`platform-${option.value}`}
                  className="min-h-10 cursor-pointer gap-2 rounded-lg border px-3 py-2 transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                >
                  <RadioGroupItem
                    id={`platform-${option.value}`}
                    value={option.value}
                    data-testid={`generator-platform-${option.value}`}
                  />
                  <option.icon className="size-4 shrink-0" aria-hidden="true" />
                  {option.label}
                </Label>
              ))}
            </RadioGroup>
            <InlineError
              id="platform-error"
              message={fieldErrors.platform}
              testId="generator-platform-error"
            />
          </fieldset>

          <div className="grid content-start gap-2">
            <Label htmlFor="generator-language">Language</Label>
            <Select value={selectedLanguage} onValueChange={(value) => setLanguage(value as LanguageCode)}>
              <SelectTrigger
                id="generator-language"
                className="w-full"
                aria-invalid={fieldErrors.language ? true : undefined}
                data-testid="generator-language"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {languageCodes.map((code) => (
                  <SelectItem key={code} value={code} data-testid={`generator-language-${code}`}>
                    {languageNames[code]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <InlineError
              id="language-error"
              message={fieldErrors.language}
              testId="generator-language-error"
            />
          </div>
        </div>

        <div className="grid gap-2">
          <span id={styleLabelId} className="text-sm font-medium">
            Image style
          </span>
          <ImageStylePicker
            styles={styles.data}
            isPending={styles.isPending}
            error={styles.error}
            onRetry={() => {
              setStylesErrorDismissed(false);
              void styles.refetch();
            }}
            onDismissError={() => setStylesErrorDismissed(true)}
            errorDismissed={stylesErrorDismissed}
            value={selectedStyle}
            onChange={(style) => {
              setImageStyle(style);
              setFieldErrors(({ imageStyle: _, imagePromptOverride: __, ...rest }) => rest);
            }}
            colors={colors}
            labelId={styleLabelId}
          />
          {image.status === "uploaded" && (
            <p className="text-xs text-muted-foreground">
              Your uploaded image is used, so the style does not apply.
            </p>
          )}
          <InlineError
            id="image-style-error"
            message={fieldErrors.imageStyle}
            testId="generator-image-style-error"
          />
          {selectedStyle === "custom" && (
            <div className="grid gap-2">
              <Label htmlFor="custom-image-prompt">Custom image prompt</Label>
              <Textarea
                id="custom-image-prompt"
                value={customImagePrompt}
                onChange={(event) => {
                  setCustomImagePrompt(event.target.value);
                  if (fieldErrors.imagePromptOverride)
                    setFieldErrors(({ imagePromptOverride: _, ...rest }) => rest);
                }}
                rows={3}
                maxLength={4000}
                placeholder="A flat-lay of coffee beans on linen, morning light"
                aria-invalid={fieldErrors.imagePromptOverride ? true : undefined}
                aria-describedby={fieldErrors.imagePromptOverride ? "custom-image-prompt-error" : undefined}
                data-testid="custom-image-prompt"
              />
              <InlineError
                id="custom-image-prompt-error"
                message={fieldErrors.imagePromptOverride}
                testId="custom-image-prompt-error"
              />
            </div>
          )}
        </div>

        <CustomImageField
          image={image}
          error={imageError}
          onSelect={selectImage}
          onRemove={() => {
            clearImage();
            setImageError(null);
          }}
          disabled={!brand}
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
            checked={includeWatermark}
            onCheckedChange={setIncludeWatermark}
            aria-describedby="include-watermark-hint"
            data-testid="include-watermark"
          />
        </div>

        {generateError && (
          <Alert variant="destructive" data-testid="generate-error">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>Post generation failed</AlertTitle>
            <AlertDescription>
              <p>{generateError}</p>
            </AlertDescription>
          </Alert>
        )}

        <div className="grid gap-2">
          <Button
            type="submit"
            size="lg"
            disabled={!canGenerate}
            aria-describedby={blockedReason ? "generate-blocked" : undefined}
            data-testid="generate-button"
          >
            {generate.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {generate.isPending ? "Generating..." : "Generate"}
          </Button>
          {blockedReason && (
            <p
              id="generate-blocked"
              className="text-center text-xs text-muted-foreground"
              data-testid="generate-blocked"
            >
              {blockedReason}
            </p>
          )}
        </div>
      </form>

      <div ref={resultRef} className="grid min-w-0 scroll-mt-20 gap-6">
        {shownId && brandId ? (
          <GeneratedPostCard
            key={shownId}
            brandId={brandId}
            postId={shownId}
            brand={brand}
            onGenerateAnother={() => {
              setShown(null);
              requestAnimationFrame(() => document.getElementById(promptId)?.focus());
            }}
            onRetry={() => submit()}
            onGone={() => {
              session.remove(shownId);
              setShown(null);
            }}
          />
        ) : (
          <EmptyState
            icon={SparklesIcon}
            title="Your post will appear here"
            description="Describe what the post is about and press Generate. The caption and the image show up here as they are made, ready for you to approve or deny."
            testId="generator-result-empty"
          />
        )}
        {brandId && otherIds.length > 0 && (
          <SessionGenerations
            brandId={brandId}
            ids={otherIds}
            onShow={(id) => setShown(id)}
            onGone={(id) => session.remove(id)}
          />
        )}
      </div>
    </div>
  );
}
