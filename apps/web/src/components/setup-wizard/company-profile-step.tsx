import { canEnhance, canEnhanceAll, type EnhanceFieldName } from "@smm/domain/ai/schemas";
import { type ContentTone, contentTones } from "@smm/domain/brands/constants";
import type { WizardValues } from "@smm/domain/machines/setup-wizard";
import { ChevronDownIcon, Loader2Icon, PlusIcon, SparklesIcon, XIcon } from "lucide-react";
import type * as React from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

import { EnhanceButton, EnhanceStatus } from "./enhance-controls";
import { ENHANCE_ALL_FAILED_MESSAGE, type EnhanceTarget, useEnhancer } from "./use-enhancer";
import type { ListDrafts, WizardSend } from "./wizard-types";

type ProfileTextField = "description" | "industry" | "targetAudience";

/** The single-line and multi-line fields Enhance All covers (the lists have their own inputs). */
const TEXT_FIELDS: {
  field: ProfileTextField;
  fieldName: EnhanceFieldName;
  label: string;
  placeholder: string;
  multiline: boolean;
  slug: string;
}[] = [
  {
    field: "description",
    fieldName: "description",
    label: "Description",
    placeholder: "What does your business do, and what makes it different?",
    multiline: true,
    slug: "description",
  },
  {
    field: "industry",
    fieldName: "industry",
    label: "Industry",
    placeholder: "e.g. Specialty coffee",
    multiline: false,
    slug: "industry",
  },
  {
    field: "targetAudience",
    fieldName: "targetAudience",
    label: "Target audience",
    placeholder: "Who are your posts for?",
    multiline: true,
    slug: "target-audience",
  },
];

const TONE_LABELS: Record<ContentTone, string> = {
  professional: "Professional",
  casual: "Casual",
  friendly: "Friendly",
  humorous: "Humorous",
  authoritative: "Authoritative",
};

const KEY_MESSAGE_DRAFT = "keyMessageDraft";

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
  const enhancer = useEnhancer(values, (results) => {
    const { [KEY_MESSAGE_DRAFT]: keyMessage, ...fields } = results;
    if (keyMessage !== undefined) onDraftsChange({ ...drafts, keyMessage });
    if (Object.keys(fields).length > 0) send({ type: "SET_VALUES", values: fields as Partial<WizardValues> });
  });
  const textValues = TEXT_FIELDS.map((item) => values[item.field]);
  const allPending = enhancer.allState === "pending";

  function enhanceAll() {
    const targets: EnhanceTarget[] = TEXT_FIELDS.filter((item) => canEnhance(values[item.field])).map(
      (item) => ({ key: item.field, fieldName: item.fieldName, value: values[item.field] }),
    );
    void enhancer.enhanceAll(targets);
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3">
        <p className="text-sm text-muted-foreground">Fill in what you know; Enhance polishes the wording.</p>
        <div className="flex flex-col items-end gap-1">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!canEnhanceAll(textValues) || allPending}
            onClick={enhanceAll}
            data-testid="enhance-all"
          >
            {allPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {allPending ? "Enhancing..." : "Enhance All"}
          </Button>
        </div>
        {enhancer.allState === "error" ? (
          <p role="alert" className="basis-full text-sm text-destructive" data-testid="enhance-all-error">
            {ENHANCE_ALL_FAILED_MESSAGE}
          </p>
        ) : null}
      </div>

      {TEXT_FIELDS.slice(0, 2).map((item) => (
        <TextField key={item.field} item={item} values={values} send={send} enhancer={enhancer} />
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
        <TextField key={item.field} item={item} values={values} send={send} enhancer={enhancer} />
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
            state={enhancer.stateOf(KEY_MESSAGE_DRAFT)}
            disabled={!canEnhance(drafts.keyMessage)}
            onClick={() =>
              void enhancer.enhance({
                key: KEY_MESSAGE_DRAFT,
                fieldName: "keyMessage",
                value: drafts.keyMessage,
              })
            }
            fieldLabel="key message"
            testId="enhance-key-message"
          />
        }
        enhanceStatus={
          <EnhanceStatus state={enhancer.stateOf(KEY_MESSAGE_DRAFT)} testId="enhance-key-message" />
        }
        draftBusy={enhancer.stateOf(KEY_MESSAGE_DRAFT).status === "pending"}
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

function TextField({
  item,
  values,
  send,
  enhancer,
}: {
  item: (typeof TEXT_FIELDS)[number];
  values: WizardValues;
  send: WizardSend;
  enhancer: ReturnType<typeof useEnhancer>;
}) {
  const id = `wizard-${item.slug}`;
  const value = values[item.field];
  const state = enhancer.stateOf(item.field);
  const common = {
    id,
    value,
    placeholder: item.placeholder,
    // While the server rewrites this field, typing into it would be overwritten by the result.
    readOnly: state.status === "pending",
    "aria-busy": state.status === "pending" || undefined,
    "data-testid": `profile-${item.slug}`,
  };
  const onChange = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    send({ type: "SET_FIELD", field: item.field, value: event.target.value });
  return (
    <div className="grid gap-2">
      <div className="flex min-h-8 items-center justify-between gap-2">
        <Label htmlFor={id}>{item.label}</Label>
        <EnhanceButton
          state={state}
          disabled={!canEnhance(value)}
          onClick={() => void enhancer.enhance({ key: item.field, fieldName: item.fieldName, value })}
          fieldLabel={item.label.toLowerCase()}
          testId={`enhance-${item.slug}`}
        />
      </div>
      {item.multiline ? (
        <Textarea
          {...common}
          rows={item.field === "description" ? 3 : 2}
          maxLength={2000}
          onChange={onChange}
        />
      ) : (
        <Input {...common} maxLength={200} onChange={onChange} />
      )}
      <EnhanceStatus state={state} testId={`enhance-${item.slug}`} />
    </div>
  );
}

/** A list the user builds one entry at a time: Enter or Add (only when non-blank), remove individually. */
function ListField({
  label,
  hint,
  placeholder,
  slug,
  itemNoun,
  items,
  draft,
  onDraftChange,
  onAdd,
  onRemove,
  enhance,
  enhanceStatus,
  draftBusy = false,
}: {
  label: string;
  hint: string;
  placeholder: string;
  slug: string;
  itemNoun: string;
  items: string[];
  draft: string;
  onDraftChange: (value: string) => void;
  onAdd: (value: string) => void;
  onRemove: (index: number) => void;
  enhance?: React.ReactNode;
  enhanceStatus?: React.ReactNode;
  draftBusy?: boolean;
}) {
  const id = `wizard-${slug}`;
  const hintId = `${id}-hint`;
  const canAdd = draft.trim().length > 0 && !draftBusy;

  function add() {
    if (!canAdd) return;
    onAdd(draft);
    onDraftChange("");
  }

  return (
    <div className="grid gap-2">
      <div className="flex min-h-8 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {enhance}
      </div>
      <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
        {hint}
      </p>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          maxLength={300}
          readOnly={draftBusy}
          aria-describedby={hintId}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add();
            }
          }}
          data-testid={`${slug}-input`}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!canAdd}
          onClick={add}
          aria-label={`Add ${itemNoun}`}
          data-testid={`${slug}-add`}
        >
          <PlusIcon aria-hidden="true" />
          <span className="hidden sm:inline">Add</span>
        </Button>
      </div>
      {enhanceStatus}
      {items.length > 0 ? (
        <ul className="grid gap-1.5" aria-label={label} data-testid={`${slug}-list`}>
          {items.map((item, index) => (
            <li
              key={item}
              className="flex items-center gap-2 rounded-md border bg-card/40 py-1 pr-1 pl-3 text-sm"
              data-testid={`${slug}-item`}
            >
              <span className="min-w-0 flex-1 break-words">{item}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="text-muted-foreground hover:text-foreground"
                onClick={() => onRemove(index)}
                aria-label={`Remove ${itemNoun}: ${item}`}
                data-testid={`${slug}-remove`}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
