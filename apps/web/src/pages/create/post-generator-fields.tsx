import { type LanguageCode, languageCodes, languageNames } from "@smm/domain/web";

import { FieldError } from "@/components/field-error";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

import { ChannelPicker } from "./channel-picker";
import { CustomStyleEditor } from "./custom-style-editor";
import { ImageStylePicker } from "./image-style-picker";
import type { PostGeneratorState } from "./use-post-generator";

/* Groups of the generator's fields, rendered from the hook's state; every change goes back to the hook. */

export { FieldError };

export function PlatformAndLanguageFields({ g }: { g: PostGeneratorState }) {
  const { form } = g;
  return (
    <div className="grid gap-4">
      <ChannelPicker g={g} />

      <div className="grid content-start gap-2 @lg:max-w-[calc(50%-0.5rem)]">
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
        <FieldError
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
      <FieldError
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
