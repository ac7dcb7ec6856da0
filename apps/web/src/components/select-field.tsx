import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/** A select with its label above it, offering a fixed list of values (filters, sorts, a form's category). */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  testId,
  className,
  labelClassName,
}: {
  /** The trigger's id, when something else points at it; a generated one otherwise. */
  id?: string;
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  testId?: string;
  /** The wrapper's classes; the label above the select with a small gap when absent. */
  className?: string;
  labelClassName?: string;
}) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  return (
    <div className={className ?? "space-y-1.5"}>
      <Label htmlFor={triggerId} className={labelClassName}>
        {label}
      </Label>
      {/* Radix hands back a plain string; it is always one of the options given. */}
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={triggerId} className="w-full" data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
