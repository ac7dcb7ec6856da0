import { CircleAlertIcon } from "lucide-react";

/**
 * A field's problem, under the field (UI.md: validation errors inline); `id` is what the field's
 * aria-describedby points at. Nothing when there is no message.
 */
export function FieldError({
  id,
  message,
  testId,
}: {
  id: string;
  message: string | null | undefined;
  testId: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-destructive" data-testid={testId}>
      <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
