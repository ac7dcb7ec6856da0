import {
  type Brand,
  brandImageStyles,
  interfaceLanguageCodes,
  type LanguageCode,
  languageNames,
} from "@smm/domain/brands/constants";
import { type BrandSettingsField, updateBrandSettingsInput } from "@smm/domain/brands/schemas";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useUpdateBrandSettings } from "@/lib/brands";

import { BrandPreview } from "./brand-preview";
import { ColorField } from "./color-field";
import { describedBy, Field, FieldError, FormActions, FormSection, OtherBrandNotice } from "./form-parts";
import type { DraftSource } from "./use-brand-draft";
import { useSettingsForm } from "./use-settings-form";

const ID_PREFIX = "brand-settings";
const SAVED = "Brand settings saved";
const SAVE_FAILED = "Failed to save brand settings";

/** The brand-settings fields this tab edits; watermark placement has its own tab. */
type BrandSettingsDraft = {
  name: string;
  logo: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  watermarkEnabled: boolean;
  defaultLanguage: string;
  imageStyle: string;
  postPromptOverride: string;
  imagePromptOverride: string;
};

const FIELDS = [
  "name",
  "logo",
  "primaryColor",
  "secondaryColor",
  "accentColor",
  "watermarkEnabled",
  "defaultLanguage",
  "imageStyle",
  "postPromptOverride",
  "imagePromptOverride",
] as const satisfies readonly (keyof BrandSettingsDraft & BrandSettingsField)[];
type FieldName = (typeof FIELDS)[number];

/** Optional text the server keeps as null when empty, so an emptied box clears it rather than storing "". */
const NULLABLE_TEXT = new Set<FieldName>(["logo", "postPromptOverride", "imagePromptOverride"]);

const IMAGE_STYLE_CHOICES: Record<(typeof brandImageStyles)[number], { label: string; hint: string }> = {
  professional: { label: "Professional", hint: "Clean, polished business visuals" },
  cartoon: { label: "Cartoon", hint: "Playful, illustrated look" },
  realistic: { label: "Realistic", hint: "Photographic, true to life" },
};

function toDraftSource(brand: Brand): DraftSource<BrandSettingsDraft> {
  const settings = brand.settings;
  return {
    brandId: brand.id,
    brandName: brand.name,
    version: brand.updatedAt,
    values: {
      name: settings.name,
      logo: settings.logo ?? "",
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      accentColor: settings.accentColor,
      watermarkEnabled: settings.watermarkEnabled,
      defaultLanguage: settings.defaultLanguage,
      imageStyle: settings.imageStyle,
      postPromptOverride: settings.postPromptOverride ?? "",
      imagePromptOverride: settings.imagePromptOverride ?? "",
    },
  };
}

function toPatch(draft: BrandSettingsDraft, keys: readonly FieldName[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of keys) {
    const value = draft[key];
    patch[key] = NULLABLE_TEXT.has(key) && typeof value === "string" && value.trim() === "" ? null : value;
  }
  return patch;
}

export function BrandSettingsForm({ brand }: { brand: Brand }) {
  const mutation = useUpdateBrandSettings();
  const { form, errors, ids, handleSubmit } = useSettingsForm({
    brand,
    fields: FIELDS,
    idPrefix: ID_PREFIX,
    schema: updateBrandSettingsInput,
    toDraftSource,
    toPatch,
    save: (brandId, patch) => mutation.mutateAsync({ brandId, patch }),
    isSaving: mutation.isPending,
    messages: { saved: SAVED, failed: SAVE_FAILED },
  });
  const { draft, baseline } = form;

  // A language set elsewhere (the chat accepts all twelve) stays visible instead of showing as blank.
  const languageOptions: string[] = [...interfaceLanguageCodes];
  if (!languageOptions.includes(draft.defaultLanguage)) languageOptions.push(draft.defaultLanguage);
  const imageStyleLabelId = `${ids.imageStyle.control}-label`;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="brand-settings-form">
      {form.isOtherBrand && <OtherBrandNotice brandName={form.brandName} />}
      <div className="rounded-xl border bg-card text-card-foreground shadow-sm">
        <div className="flex flex-col gap-4 border-b p-5 sm:flex-row sm:items-center sm:justify-between md:p-6">
          <div className="space-y-1">
            <h2 className="font-semibold">Brand Settings</h2>
            <p className="text-sm text-muted-foreground">
              Used for every post, image and preview of this brand.
            </p>
          </div>
          <div className="sm:w-64">
            <BrandPreview
              name={draft.name}
              logo={draft.logo}
              colors={{
                primary: draft.primaryColor,
                secondary: draft.secondaryColor,
                accent: draft.accentColor,
              }}
              fallbackColors={{
                primary: baseline.primaryColor,
                secondary: baseline.secondaryColor,
                accent: baseline.accentColor,
              }}
            />
          </div>
        </div>

        <div className="divide-y">
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
                  {languageOptions.map((code) => (
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
              <FieldError
                id={ids.imageStyle.error}
                message={errors.imageStyle}
                testId="brand-image-style-error"
              />
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
        </div>

        <FormActions
          isDirty={form.isDirty}
          isSaving={mutation.isPending}
          onDiscard={form.discard}
          testIdPrefix="brand-settings"
        />
      </div>
    </form>
  );
}
