import {
  checkImageUpload,
  generatePostInput,
  type ImageStyle,
  isPlanLimitReason,
  type LanguageCode,
  type PostPlatform,
  postPlatforms,
} from "@smm/domain/web";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";

import { ApiError, type ApiIssue } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import { channelOptions, useChannels } from "@/lib/channels";
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
import { usePreselectedLibraryImage } from "@/lib/media-library";
import { usePlan } from "@/lib/plan";

import type { CustomImage } from "./custom-image-field";
import { planLimitMessage } from "./plan-usage";

export type Platform = PostPlatform;

export const NO_BRAND_MESSAGE = "Please select a brand first";
const GENERATE_FAILED = "Failed to generate post";
// Core spec section 9: success toasts 2000 ms, errors 4000 ms.
const SUCCESS_TOAST_MS = 2_000;
const ERROR_TOAST_MS = 4_000;

const FALLBACK_COLORS = { primary: "#3B82F6", secondary: "#8B5CF6", accent: "#10B981" };

/** The fields that show their own problem; any other issue falls back to the form's general error. */
const FIELD_NAMES = [
  "prompt",
  "language",
  "imageStyle",
  "imagePromptOverride",
  "platform",
  "channels",
] as const;
type FieldName = (typeof FIELD_NAMES)[number];
export type FieldErrors = Partial<Record<FieldName, string>>;

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

export type PostGeneratorState = ReturnType<typeof usePostGenerator>;

/**
 * The AI Post Generator's state and rules: the form's fields and their errors, the custom image upload,
 * the plan's limit, the request checked by the domain's own schema, and which generation is shown large.
 */
export function usePostGenerator() {
  const activeBrand = useActiveBrand();
  const brand = activeBrand.data ?? null;
  const brandId = brand?.id;
  const plan = usePlan();
  const styles = useImageStyles();
  const generate = useGeneratePost(brandId);
  const session = useSessionGenerations(brandId);
  const config = usePublicConfig();
  const channelsView = useChannels(brandId);

  // The form. Nothing here is cleared by an error; only the user changes it.
  const [prompt, setPrompt] = useState("");
  // The channels the post is written for: one (the spec's platform) unless several are asked for.
  const [channels, setChannels] = useState<PostPlatform[]>(["facebook"]);
  const [multiChannel, setMultiChannel] = useState(false);
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

  // "Use in a new post" in the media library: that image starts as the custom image (/create?media=<id>).
  usePreselectedLibraryImage(brandId, (media) => {
    clearImage();
    setImageError(null);
    setImage({
      status: "uploaded",
      name: media.name ?? "Image from your library",
      preview: media.url,
      media,
    });
  });

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
    // One channel is the spec's single post for a platform; several are a group, one post per channel.
    const [only] = channels;
    const request: GenerateRequest = {
      ...(channels.length > 1 || !only ? { channels } : { platform: only }),
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
        session.add(
          post.id,
          post.group?.map((member) => member.id),
        );
        setShown(post.id);
        // The spec resets the form after a generation starts: the post now holds the brief and the image
        // (its card below shows them), so the next post starts blank. Platform, language and style stay.
        setPrompt("");
        clearImage();
        const count = post.group?.length ?? 1;
        toast.success(
          count > 1 ? `Writing ${count} posts, one per channel, in the background` : GENERATION_STARTED_TOAST,
          { id: generationToastId(post.id), duration: SUCCESS_TOAST_MS },
        );
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
        // A spent plan allowance is shown with the way to upgrade; a rate limit is an ordinary failure.
        if (error instanceof ApiError && isPlanLimitReason(error.reason)) {
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

  return {
    activeBrand,
    brand,
    brandId,
    plan,
    styles,
    modelKind: config.data?.ai,
    generating: generate.isPending,
    form: {
      prompt,
      channels,
      multiChannel,
      language: selectedLanguage,
      imageStyle: selectedStyle,
      customImagePrompt,
      includeWatermark,
      image,
      imageError,
      fieldErrors,
      generateError,
      stylesErrorDismissed,
    },
    colors,
    limitMessage,
    blockedReason,
    canGenerate,
    promptId,
    styleLabelId,
    resultRef,
    shownId,
    /** The shown generation's posts: several when it was written for several channels. */
    shownPosts: shownId ? session.postsOf(shownId) : [],
    postsOf: session.postsOf,
    channelsView,
    /** Every network with where the brand stands on it, for the channel picker. */
    channelOptions: channelOptions(channelsView.data),
    otherIds: session.ids.filter((id) => id !== shownId),
    changePrompt(value: string) {
      setPrompt(value);
      if (fieldErrors.prompt) setFieldErrors(({ prompt: _, ...rest }) => rest);
    },
    /** One channel at a time: picking one replaces the other. */
    selectChannel(platform: PostPlatform) {
      setChannels([platform]);
      if (fieldErrors.platform || fieldErrors.channels)
        setFieldErrors(({ platform: _, channels: __, ...rest }) => rest);
    },
    /** Several channels: a chip adds or removes its network; the last one stays. */
    toggleChannel(platform: PostPlatform) {
      setChannels((current) =>
        current.includes(platform)
          ? current.length > 1
            ? current.filter((chosen) => chosen !== platform)
            : current
          : postPlatforms.filter((candidate) => candidate === platform || current.includes(candidate)),
      );
      if (fieldErrors.platform || fieldErrors.channels)
        setFieldErrors(({ platform: _, channels: __, ...rest }) => rest);
    },
    changeMultiChannel(on: boolean) {
      setMultiChannel(on);
      if (!on) setChannels((current) => current.slice(0, 1));
    },
    changeLanguage: setLanguage,
    changeImageStyle(style: ImageStyle) {
      setImageStyle(style);
      setFieldErrors(({ imageStyle: _, imagePromptOverride: __, ...rest }) => rest);
    },
    changeCustomImagePrompt(value: string) {
      setCustomImagePrompt(value);
      if (fieldErrors.imagePromptOverride) setFieldErrors(({ imagePromptOverride: _, ...rest }) => rest);
    },
    changeIncludeWatermark: setIncludeWatermark,
    retryStyles() {
      setStylesErrorDismissed(false);
      void styles.refetch();
    },
    dismissStylesError: () => setStylesErrorDismissed(true),
    selectImage,
    removeImage() {
      clearImage();
      setImageError(null);
    },
    submit,
    generateAnother() {
      setShown(null);
      requestAnimationFrame(() => document.getElementById(promptId)?.focus());
    },
    showGeneration: (id: string) => setShown(id),
    forgetGeneration: (id: string) => session.remove(id),
    forgetShown() {
      if (shownId) session.remove(shownId);
      setShown(null);
    },
  };
}
