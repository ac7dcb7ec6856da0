import {
  type Brand,
  type CompanyProfileField,
  contentTones,
  updateCompanyProfileInput,
} from "@smm/domain/web";

import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useUpdateCompanyProfile } from "@/lib/brands";

import { describedBy, Field, FormActions, FormSection, OtherBrandNotice } from "./form-parts";
import { ListField } from "./list-field";
import type { DraftSource } from "./use-brand-draft";
import { useSettingsForm } from "./use-settings-form";

const ID_PREFIX = "company-profile";
const SAVED = "Company profile saved";
const SAVE_FAILED = "Failed to save company profile";

type CompanyProfileDraft = {
  description: string;
  industry: string;
  tone: string;
  targetAudience: string;
  keyMessages: readonly string[];
  doNotMention: readonly string[];
};

const FIELDS = [
  "description",
  "industry",
  "tone",
  "targetAudience",
  "keyMessages",
  "doNotMention",
] as const satisfies readonly (keyof CompanyProfileDraft & CompanyProfileField)[];
type FieldName = (typeof FIELDS)[number];

const TONE_LABELS: Record<(typeof contentTones)[number], string> = {
  professional: "Professional",
  casual: "Casual",
  friendly: "Friendly",
  humorous: "Humorous",
  authoritative: "Authoritative",
};

function toDraftSource(brand: Brand): DraftSource<CompanyProfileDraft> {
  const profile = brand.companyProfile;
  return {
    brandId: brand.id,
    brandName: brand.name,
    version: brand.updatedAt,
    values: {
      description: profile.description,
      industry: profile.industry,
      tone: profile.tone,
      targetAudience: profile.targetAudience,
      keyMessages: profile.keyMessages,
      doNotMention: profile.doNotMention,
    },
  };
}

function toPatch(draft: CompanyProfileDraft, keys: readonly FieldName[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, draft[key]]));
}

export function CompanyProfileForm({ brand }: { brand: Brand }) {
  const mutation = useUpdateCompanyProfile();
  const { form, errors, ids, handleSubmit } = useSettingsForm({
    brand,
    fields: FIELDS,
    idPrefix: ID_PREFIX,
    schema: updateCompanyProfileInput,
    toDraftSource,
    toPatch,
    save: (brandId, patch) => mutation.mutateAsync({ brandId, patch }),
    isSaving: mutation.isPending,
    messages: { saved: SAVED, failed: SAVE_FAILED },
  });
  const { draft } = form;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="company-profile-form">
      {form.isOtherBrand && <OtherBrandNotice brandName={form.brandName} />}
      <div className="rounded-xl border bg-card text-card-foreground shadow-sm">
        <div className="space-y-1 border-b p-5 md:p-6">
          <h2 className="font-semibold">Company Profile</h2>
          <p className="text-sm text-muted-foreground">
            What the assistant knows about your business when it writes for {form.brandName}.
          </p>
        </div>

        <div className="divide-y">
          <FormSection title="About" description="Who you are and who you talk to.">
            <Field
              ids={ids.description}
              label="Description"
              hint="What you do, in a sentence or two."
              error={errors.description}
              testId="company-description"
            >
              <Textarea
                id={ids.description.control}
                value={draft.description}
                onChange={(event) => form.setField("description", event.target.value)}
                rows={3}
                className="min-h-20"
                placeholder="e.g. We roast small-batch coffee and run two cafés in Lisbon."
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy(ids.description, true, errors.description)}
                data-testid="company-description"
              />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
              <Field ids={ids.industry} label="Industry" error={errors.industry} testId="company-industry">
                <Input
                  id={ids.industry.control}
                  value={draft.industry}
                  onChange={(event) => form.setField("industry", event.target.value)}
                  placeholder="e.g. Food & beverage"
                  aria-invalid={errors.industry ? true : undefined}
                  aria-describedby={describedBy(ids.industry, false, errors.industry)}
                  data-testid="company-industry"
                />
              </Field>
              <Field ids={ids.tone} label="Tone" error={errors.tone} testId="company-tone">
                <Select value={draft.tone} onValueChange={(value) => form.setField("tone", value)}>
                  <SelectTrigger
                    id={ids.tone.control}
                    className="w-full"
                    aria-invalid={errors.tone ? true : undefined}
                    aria-describedby={describedBy(ids.tone, false, errors.tone)}
                    data-testid="company-tone"
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {contentTones.map((tone) => (
                      <SelectItem key={tone} value={tone} data-testid={`company-tone-option-${tone}`}>
                        {TONE_LABELS[tone]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
            </div>
            <Field
              ids={ids.targetAudience}
              label="Target audience"
              hint="Who your posts are for: age, interests, where they are."
              error={errors.targetAudience}
              testId="company-target-audience"
            >
              <Textarea
                id={ids.targetAudience.control}
                value={draft.targetAudience}
                onChange={(event) => form.setField("targetAudience", event.target.value)}
                rows={2}
                className="min-h-16"
                placeholder="e.g. Young professionals in Lisbon who care where their coffee comes from."
                aria-invalid={errors.targetAudience ? true : undefined}
                aria-describedby={describedBy(ids.targetAudience, true, errors.targetAudience)}
                data-testid="company-target-audience"
              />
            </Field>
          </FormSection>

          <FormSection
            title="Messaging"
            description="What every post should get across, and what it must avoid."
          >
            <ListField
              ids={ids.keyMessages}
              label="Key messages"
              hint="Press Enter or Add after each one."
              entryLabel="key message"
              placeholder="e.g. Ethically sourced beans"
              items={draft.keyMessages}
              error={errors.keyMessages}
              testId="company-key-messages"
              onChange={(items) => form.setField("keyMessages", items)}
            />
            <ListField
              ids={ids.doNotMention}
              label="Do not mention"
              hint="Topics, competitors or words the assistant must leave out."
              entryLabel="do-not-mention entry"
              placeholder="e.g. Competitor names"
              items={draft.doNotMention}
              error={errors.doNotMention}
              testId="company-do-not-mention"
              onChange={(items) => form.setField("doNotMention", items)}
            />
          </FormSection>
        </div>

        <FormActions
          isDirty={form.isDirty}
          isSaving={mutation.isPending}
          onDiscard={form.discard}
          testIdPrefix="company-profile"
        />
      </div>
    </form>
  );
}
