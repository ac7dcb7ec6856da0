import { type LanguageCode, languageCodes, languageNames } from "@smm/domain/web";
import { CircleAlertIcon } from "lucide-react";

import { FacebookIcon, InstagramIcon } from "@/components/brand-icons";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

import { CustomStyleEditor } from "./custom-style-editor";
import { ImageStylePicker } from "./image-style-picker";
import type { Platform, PostGeneratorState } from "./use-post-generator";

/* Groups of the generator's fields, rendered from the hook's state; every change goes back to the hook. */

const PLATFORMS: { value: Platform; label: string; icon: typeof FacebookIcon }[] = [
  { value: "facebook", label: "Facebook", icon: FacebookIcon },
  { value: "instagram", label: "Instagram", icon: InstagramIcon },
];

export function InlineError({
  id,
  message,
  testId,
}: {
  id: string;
  message: string | undefined;
  testId: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-destructive" data-testid={testId}>
      <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

export function PlatformAndLanguageFields({ g }: { g: PostGeneratorState }) {
  const { form } = g;
  return (
    <div className="grid gap-4 @lg:grid-cols-2">
      <fieldset className="grid content-start gap-2">
        <legend id="platform-label" className="mb-2 text-sm font-medium">
          Platform
        </legend>
        <RadioGroup
          value={form.platform}
          onValueChange={(value) => g.changePlatform(value as Platform)}
          aria-labelledby="platform-label"
          // Side by side only where both names fit: the form is about 280 px wide beside the open assistant.
          className="grid grid-cols-1 gap-2 @xs:grid-cols-2"
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
          message={form.fieldErrors.platform}
          testId="generator-platform-error"
        />
      </fieldset>

      <div className="grid content-start gap-2">
        <Label htmlFor="generator-language">Language</Label>
        <Select value={form.language} onValueChange={(value) => g.changeLanguage(value as LanguageCode)}>
          <SelectTrigger
            id="generator-language"
            className="w-full"
            aria-invalid={form.fieldErrors.language ? true : undefined}
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
          message={form.fieldErrors.language}
          testId="generator-language-error"
        />
      </div>
    </div>
  );
}

export function ImageStyleFields({ g }: { g: PostGeneratorState }) {
  const { form } = g;
  return (
    <div className="grid gap-2">
      <span id={g.styleLabelId} className="text-sm font-medium">
        Image style
      </span>
      <ImageStylePicker
        styles={g.styles.data}
        isPending={g.styles.isPending}
        error={g.styles.error}
        onRetry={g.retryStyles}
        onDismissError={g.dismissStylesError}
        errorDismissed={form.stylesErrorDismissed}
        value={form.imageStyle}
        onChange={g.changeImageStyle}
        colors={g.colors}
        labelId={g.styleLabelId}
      />
      {form.image.status === "uploaded" && (
        <p className="text-xs text-muted-foreground">
          Your uploaded image is used, so the style does not apply.
        </p>
      )}
      <InlineError
        id="image-style-error"
        message={form.fieldErrors.imageStyle}
        testId="generator-image-style-error"
      />
      {form.imageStyle === "custom" && (
        <CustomStyleEditor
          applied={form.customImagePrompt}
          onApply={g.changeCustomImagePrompt}
          error={form.fieldErrors.imagePromptOverride}
        />
      )}
    </div>
  );
}
