import { Input } from "@/components/ui/input";

import { toSixDigitColor } from "@/lib/colors";
import { describedBy, Field, fieldIds } from "./form-parts";

/** A colour picker and its hex text, edited together; the text is what gets validated and saved. */
export function ColorField({
  idPrefix,
  field,
  label,
  value,
  savedValue,
  error,
  testId,
  onChange,
}: {
  idPrefix: string;
  field: string;
  label: string;
  value: string;
  savedValue: string;
  error: string | undefined;
  testId: string;
  onChange: (value: string) => void;
}) {
  const ids = fieldIds(idPrefix, field);
  return (
    <Field ids={ids} label={label} error={error} testId={testId}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={toSixDigitColor(value, savedValue)}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          aria-label={`${label} picker`}
          className="size-10 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1 outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-moz-color-swatch]:rounded-sm [&::-moz-color-swatch]:border-0 [&::-webkit-color-swatch]:rounded-sm [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0"
          data-testid={`${testId}-picker`}
        />
        <Input
          id={ids.control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={9}
          placeholder="#3B82F6"
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, false, error)}
          data-testid={testId}
        />
      </div>
    </Field>
  );
}
