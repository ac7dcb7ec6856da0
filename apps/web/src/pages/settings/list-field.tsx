import { addListEntry, MAX_LIST_ENTRIES, removeListEntry } from "@smm/domain/web";
import { PlusIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import { FieldError, type fieldIds } from "./form-parts";

/**
 * A list of short texts edited as chips (key messages, topics to avoid). Entries are added with Enter or
 * Add by the domain's own rule, so a blank or a duplicate never gets in; each chip has its own remove button.
 */
export function ListField({
  ids,
  label,
  hint,
  entryLabel,
  placeholder,
  items,
  error,
  testId,
  onChange,
}: {
  ids: ReturnType<typeof fieldIds>;
  label: string;
  hint: string;
  /** How one entry is named to screen readers ("key message"). */
  entryLabel: string;
  placeholder: string;
  items: readonly string[];
  error: string | undefined;
  testId: string;
  onChange: (items: string[]) => void;
}) {
  const [text, setText] = useState("");
  const next = addListEntry(items, text);
  const isBlank = text.trim() === "";
  const isFull = items.length >= MAX_LIST_ENTRIES;
  // addListEntry leaves the list as it was for a blank or a duplicate; only a longer list means "added".
  const isDuplicate = !isBlank && next.length <= items.length;
  const canAdd = !isBlank && !isDuplicate && !isFull;
  const notice = isDuplicate
    ? `"${text.trim()}" is already in the list.`
    : isFull && !isBlank
      ? `The list can hold at most ${MAX_LIST_ENTRIES} entries.`
      : null;
  const noticeId = `${ids.control}-notice`;

  function add() {
    if (!canAdd) return;
    onChange(next);
    setText("");
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    // Enter adds the entry; it must not submit the whole form.
    event.preventDefault();
    add();
  }

  const describedBy = [ids.hint, notice ? noticeId : null, error ? ids.error : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="grid content-start gap-2" data-testid={testId}>
      <Label htmlFor={ids.control}>{label}</Label>
      <p id={ids.hint} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <div className="flex gap-2">
        <Input
          id={ids.control}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={placeholder}
          enterKeyHint="done"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={`${testId}-input`}
        />
        <Button
          type="button"
          variant="outline"
          onClick={add}
          disabled={!canAdd}
          aria-label={`Add ${entryLabel}`}
          data-testid={`${testId}-add`}
        >
          <PlusIcon aria-hidden="true" />
          <span className="hidden sm:inline">Add</span>
        </Button>
      </div>
      {notice && (
        <p id={noticeId} className="text-xs text-muted-foreground" aria-live="polite">
          {notice}
        </p>
      )}
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={item}
              className="flex max-w-full min-w-0 items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
              data-testid={`${testId}-item`}
            >
              <span className="min-w-0 break-words">{item}</span>
              <button
                type="button"
                onClick={() => onChange(removeListEntry(items, index))}
                aria-label={`Remove ${entryLabel}: ${item}`}
                className="relative flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none after:absolute after:-inset-2 hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                data-testid={`${testId}-remove`}
              >
                <XIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground italic" data-testid={`${testId}-empty`}>
          None yet.
        </p>
      )}
      <FieldError id={ids.error} message={error} testId={`${testId}-error`} />
    </div>
  );
}
