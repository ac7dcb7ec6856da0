import { canEnhance, type WizardValues } from "@smm/domain/web";
import { PlusIcon, XIcon } from "lucide-react";
import type * as React from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

import { EnhanceButton, EnhanceStatus } from "./enhance-controls";
import type { TEXT_FIELDS } from "./use-company-profile-step";
import type { useEnhancer } from "./use-enhancer";
import type { WizardSend } from "./wizard-types";

export function TextField({
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
export function ListField({
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
