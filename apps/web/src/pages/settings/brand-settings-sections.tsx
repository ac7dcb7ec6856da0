import { brandImageStyles, type LanguageCode, languageNames } from "@smm/domain/web";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";

import { ColorField } from "./color-field";
import { describedBy, Field, FieldError, FormSection } from "./form-parts";
import { type BrandSettingsFormState, ID_PREFIX } from "./use-brand-settings-form";

const IMAGE_STYLE_CHOICES: Record<(typeof brandImageStyles)[number], { label: string; hint: string }> = {
  professional: { label: "Professional", hint: "Clean, polished business visuals" },
  cartoon: { label: "Cartoon", hint: "Playful, illustrated look" },
  realistic: { label: "Realistic", hint: "Photographic, true to life" },
};
export function IdentitySection({ settings }: { settings: BrandSettingsFormState }) {
  const { form, errors, ids } = settings;
  const { draft } = form;
  return (
    <FormSection title="Identity" description="How your brand is named and pictured.">
      <Field ids={ids.name} label="Brand name" error={errors.name} testId="brand-name">
        <Input
          id={ids.name.control}
          value={draft.name}
          onChange={(event) => form.setField("name", event.target.value)}
          autoComplete="organization"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(ids.name, false, errors.name)}
          data-testid="brand-name"
        />
      </Field>
      <Field
        ids={ids.logo}
        label="Logo URL"
        optional
        hint="A square image works best; it is shown in the brand's avatar."
        error={errors.logo}
        testId="brand-logo"
      >
        <Input
          id={ids.logo.control}
          type="url"
          inputMode="url"
          value={draft.logo}
          onChange={(event) => form.setField("logo", event.target.value)}
          placeholder="https://example.com/logo.png"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.logo ? true : undefined}
          aria-describedby={describedBy(ids.logo, true, errors.logo)}
          data-testid="brand-logo"
        />
      </Field>
    </FormSection>
  );
}

export function ColorsSection({ settings }: { settings: BrandSettingsFormState }) {
  const { form, errors } = settings;
  const { draft, baseline } = form;
  return (
    <FormSection title="Colors" description="Tint your generated images, avatar and post previews.">
      <div className="grid gap-5 sm:grid-cols-3 sm:gap-4">
        <ColorField
          idPrefix={ID_PREFIX}
          field="primaryColor"
          label="Primary color"
          value={draft.primaryColor}
          savedValue={baseline.primaryColor}
          error={errors.primaryColor}
          testId="brand-primary-color"
          onChange={(value) => form.setField("primaryColor", value)}
        />
        <ColorField
          idPrefix={ID_PREFIX}
          field="secondaryColor"
          label="Secondary color"
          value={draft.secondaryColor}
          savedValue={baseline.secondaryColor}
          error={errors.secondaryColor}
          testId="brand-secondary-color"
          onChange={(value) => form.setField("secondaryColor", value)}
        />
        <ColorField
          idPrefix={ID_PREFIX}
          field="accentColor"
          label="Accent color"
          value={draft.accentColor}
          savedValue={baseline.accentColor}
          error={errors.accentColor}
          testId="brand-accent-color"
          onChange={(value) => form.setField("accentColor", value)}
        />
      </div>
    </FormSection>
  );
}

export function ContentDefaultsSection({ settings }: { settings: BrandSettingsFormState }) {
  const { form, errors, ids } = settings;
  const { draft } = form;
  const imageStyleLabelId = `${ids.imageStyle.control}-label`;
  return (
    <FormSection title="Content defaults" description="What new posts and images start from.">
      <Field
        ids={ids.defaultLanguage}
        label="Default language"
        error={errors.defaultLanguage}
        testId="brand-default-language"
        className="sm:max-w-xs"
      >
        <Select
          value={draft.defaultLanguage}
          onValueChange={(value) => form.setField("defaultLanguage", value)}
        >
          <SelectTrigger
            id={ids.defaultLanguage.control}
            className="w-full"
            aria-invalid={errors.defaultLanguage ? true : undefined}
            aria-describedby={describedBy(ids.defaultLanguage, false, errors.defaultLanguage)}
            data-testid="brand-default-language"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {settings.languageOptions.map((code) => (
              <SelectItem key={code} value={code} data-testid={`brand-language-option-${code}`}>
                {languageNames[code as LanguageCode] ?? code}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>

      <div className="grid gap-2">
        <span id={imageStyleLabelId} className="text-sm leading-none font-medium">
          Image style
        </span>
        <RadioGroup
          id={ids.imageStyle.control}
          value={draft.imageStyle}
          onValueChange={(value) => form.setField("imageStyle", value)}
          aria-labelledby={imageStyleLabelId}
          aria-describedby={describedBy(ids.imageStyle, false, errors.imageStyle)}
          className="grid gap-2 sm:grid-cols-3"
          data-testid="brand-image-style"
        >
          {brandImageStyles.map((style) => {
            const choice = IMAGE_STYLE_CHOICES[style];
            const itemId = `${ids.imageStyle.control}-${style}`;
            return (
              <Label
                key={style}
                htmlFor={itemId}
                className="min-h-14 cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
              >
                <RadioGroupItem
                  id={itemId}
                  value={style}
                  className="mt-0.5"
                  data-testid={`brand-image-style-${style}`}
                />
                <span className="grid gap-0.5">
                  <span>{choice.label}</span>
                  <span className="text-xs font-normal text-muted-foreground">{choice.hint}</span>
                </span>
              </Label>
            );
          })}
        </RadioGroup>
        <FieldError id={ids.imageStyle.error} message={errors.imageStyle} testId="brand-image-style-error" />
      </div>

      <div className="grid gap-2">
        <div className="flex min-h-14 items-center justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor={ids.watermarkEnabled.control}>Watermark on generated images</Label>
            <p id={ids.watermarkEnabled.hint} className="text-xs text-muted-foreground">
              Your watermark's image and placement are set in the Watermark tab.
            </p>
          </div>
          <Switch
            id={ids.watermarkEnabled.control}
            checked={draft.watermarkEnabled}
            onCheckedChange={(checked) => form.setField("watermarkEnabled", checked)}
            aria-describedby={describedBy(ids.watermarkEnabled, true, errors.watermarkEnabled)}
            data-testid="brand-watermark-enabled"
          />
        </div>
        <FieldError
          id={ids.watermarkEnabled.error}
          message={errors.watermarkEnabled}
          testId="brand-watermark-enabled-error"
        />
      </div>
    </FormSection>
  );
}

export function AiInstructionsSection({ settings }: { settings: BrandSettingsFormState }) {
  const { form, errors, ids } = settings;
  const { draft } = form;
  return (
    <FormSection
      title="AI instructions"
      description="Extra guidance added to every generation for this brand. Leave empty to use ours."
    >
      <Field
        ids={ids.postPromptOverride}
        label="Post prompt override"
        optional
        hint="For example: always end with a question, never use more than two emojis."
        error={errors.postPromptOverride}
        testId="brand-post-prompt"
      >
        <Textarea
          id={ids.postPromptOverride.control}
          value={draft.postPromptOverride}
          onChange={(event) => form.setField("postPromptOverride", event.target.value)}
          rows={3}
          className="min-h-20"
          aria-invalid={errors.postPromptOverride ? true : undefined}
          aria-describedby={describedBy(ids.postPromptOverride, true, errors.postPromptOverride)}
          data-testid="brand-post-prompt"
        />
      </Field>
      <Field
        ids={ids.imagePromptOverride}
        label="Image prompt override"
        optional
        hint="For example: soft daylight, lots of white space, no text in the image."
        error={errors.imagePromptOverride}
        testId="brand-image-prompt"
      >
        <Textarea
          id={ids.imagePromptOverride.control}
          value={draft.imagePromptOverride}
          onChange={(event) => form.setField("imagePromptOverride", event.target.value)}
          rows={3}
          className="min-h-20"
          aria-invalid={errors.imagePromptOverride ? true : undefined}
          aria-describedby={describedBy(ids.imagePromptOverride, true, errors.imagePromptOverride)}
          data-testid="brand-image-prompt"
        />
      </Field>
    </FormSection>
  );
}
