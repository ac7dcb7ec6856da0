import { type ContentTone, contentTones, type WizardValues } from "@smm/domain/web";
import { ChevronDownIcon, Loader2Icon, SparklesIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

import { ListField, TextField } from "./company-profile-fields";
import { EnhanceButton, EnhanceStatus } from "./enhance-controls";
import { TEXT_FIELDS, useCompanyProfileStep } from "./use-company-profile-step";
import { ENHANCE_ALL_FAILED_MESSAGE } from "./use-enhancer";
import type { ListDrafts, WizardSend } from "./wizard-types";

const TONE_LABELS: Record<ContentTone, string> = {
  professional: "Professional",
  casual: "Casual",
  friendly: "Friendly",
  humorous: "Humorous",
  authoritative: "Authoritative",
};
/** Step 2: the company profile, each text field with Enhance, plus Enhance All. */
export function CompanyProfileStep({
  values,
  send,
  drafts,
  onDraftsChange,
}: {
  values: WizardValues;
  send: WizardSend;
  drafts: ListDrafts;
  onDraftsChange: (drafts: ListDrafts) => void;
}) {
  const profile = useCompanyProfileStep({ values, send, drafts, onDraftsChange });

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3">
        <p className="text-sm text-muted-foreground">Fill in what you know; Enhance polishes the wording.</p>
        <div className="flex flex-col items-end gap-1">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!profile.canEnhanceAll || profile.allPending}
            onClick={profile.enhanceAll}
            data-testid="enhance-all"
          >
            {profile.allPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {profile.allPending ? "Enhancing..." : "Enhance All"}
          </Button>
        </div>
        {profile.allFailed ? (
          <p role="alert" className="basis-full text-sm text-destructive" data-testid="enhance-all-error">
            {ENHANCE_ALL_FAILED_MESSAGE}
          </p>
        ) : null}
      </div>

      {TEXT_FIELDS.slice(0, 2).map((item) => (
        <TextField key={item.field} item={item} values={values} send={send} enhancer={profile.enhancer} />
      ))}

      <div className="grid gap-2">
        <Label htmlFor="wizard-tone">Tone</Label>
        <div className="relative">
          <select
            id="wizard-tone"
            value={values.tone}
            onChange={(event) => send({ type: "SET_FIELD", field: "tone", value: event.target.value })}
            className="flex h-10 w-full appearance-none rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground"
            data-testid="profile-tone"
          >
            {contentTones.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </select>
          <ChevronDownIcon
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
        </div>
      </div>

      {TEXT_FIELDS.slice(2).map((item) => (
        <TextField key={item.field} item={item} values={values} send={send} enhancer={profile.enhancer} />
      ))}

      <ListField
        label="Key messages"
        hint="What every post should get across."
        placeholder="e.g. Roasted fresh every morning"
        slug="key-message"
        itemNoun="key message"
        items={values.keyMessages}
        draft={drafts.keyMessage}
        onDraftChange={(keyMessage) => onDraftsChange({ ...drafts, keyMessage })}
        onAdd={(value) => send({ type: "ADD_KEY_MESSAGE", value })}
        onRemove={(index) => send({ type: "REMOVE_KEY_MESSAGE", index })}
        enhance={
          <EnhanceButton
            state={profile.keyMessageState}
            disabled={!profile.canEnhanceKeyMessage}
            onClick={profile.enhanceKeyMessage}
            fieldLabel="key message"
            testId="enhance-key-message"
          />
        }
        enhanceStatus={<EnhanceStatus state={profile.keyMessageState} testId="enhance-key-message" />}
        draftBusy={profile.keyMessageState.status === "pending"}
      />

      <ListField
        label="Do not mention"
        hint="Topics, rivals or words your posts should avoid."
        placeholder="e.g. Competitor names"
        slug="do-not-mention"
        itemNoun="do not mention entry"
        items={values.doNotMention}
        draft={drafts.doNotMention}
        onDraftChange={(doNotMention) => onDraftsChange({ ...drafts, doNotMention })}
        onAdd={(value) => send({ type: "ADD_DO_NOT_MENTION", value })}
        onRemove={(index) => send({ type: "REMOVE_DO_NOT_MENTION", index })}
      />
    </div>
  );
}
