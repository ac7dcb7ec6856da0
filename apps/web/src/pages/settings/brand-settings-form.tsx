import type { Brand } from "@smm/domain/web";
import { BrandPreview } from "./brand-preview";
import {
  AiInstructionsSection,
  ColorsSection,
  ContentDefaultsSection,
  IdentitySection,
} from "./brand-settings-sections";
import { FormActions, OtherBrandNotice } from "./form-parts";
import { useBrandSettingsForm } from "./use-brand-settings-form";

export function BrandSettingsForm({ brand }: { brand: Brand }) {
  const settings = useBrandSettingsForm(brand);
  const { form, handleSubmit } = settings;
  const { draft, baseline } = form;

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
          <IdentitySection settings={settings} />

          <ColorsSection settings={settings} />

          <ContentDefaultsSection settings={settings} />

          <AiInstructionsSection settings={settings} />
        </div>

        <FormActions
          isDirty={form.isDirty}
          isSaving={settings.isSaving}
          onDiscard={form.discard}
          testIdPrefix="brand-settings"
        />
      </div>
    </form>
  );
}
