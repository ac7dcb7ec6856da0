import { BRAND_NAME_REQUIRED, type WizardValues } from "@smm/domain/web";
import type { RefObject } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import { BrandPreview, COLOR_SLOTS, ColorSlot, PresetSwatches } from "./brand-colour-parts";
import { EnhanceButton, EnhanceStatus } from "./enhance-controls";
import { useBrandSettingsStep } from "./use-brand-settings-step";
import type { WizardSend } from "./wizard-types";

/** Step 1: the brand name and its three colours, with the 8 preset swatches. */
export function BrandSettingsStep({
  values,
  send,
  nameInputRef,
  onSubmitName,
}: {
  values: WizardValues;
  send: WizardSend;
  nameInputRef: RefObject<HTMLInputElement | null>;
  /** Enter in the name field moves on, like the Next button. */
  onSubmitName: () => void;
}) {
  const step = useBrandSettingsStep(values, send, onSubmitName);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <div className="flex min-h-8 items-center justify-between gap-2">
          <Label htmlFor="wizard-brand-name">
            Brand name
            <span className="text-destructive" aria-hidden="true">
              *
            </span>
          </Label>
          <EnhanceButton
            state={step.nameEnhance}
            disabled={!step.canEnhanceName}
            onClick={step.enhanceName}
            fieldLabel="brand name"
            testId="enhance-name"
          />
        </div>
        <Input
          id="wizard-brand-name"
          ref={nameInputRef}
          value={values.name}
          placeholder="e.g. Bean There Coffee"
          autoComplete="organization"
          maxLength={100}
          required
          readOnly={step.nameEnhance.status === "pending"}
          aria-invalid={step.nameInvalid || undefined}
          aria-describedby={step.nameInvalid ? "wizard-brand-name-error" : undefined}
          onChange={(event) => step.changeName(event.target.value)}
          onBlur={step.touchName}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              step.submitName();
            }
          }}
          data-testid="brand-name-input"
        />
        {step.nameInvalid ? (
          <p
            id="wizard-brand-name-error"
            role="alert"
            className="text-sm text-destructive"
            data-testid="brand-name-error"
          >
            {BRAND_NAME_REQUIRED}
          </p>
        ) : null}
        <EnhanceStatus state={step.nameEnhance} testId="enhance-name" />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">Brand colours</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {COLOR_SLOTS.map((slot) => (
            <ColorSlot
              key={slot.field}
              slot={slot}
              value={values[slot.field]}
              selected={slot.field === step.selectedSlot}
              onSelect={() => step.selectSlot(slot.field)}
              onChange={(value) => step.setColor(slot.field, value)}
            />
          ))}
        </div>

        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="preset-target">
            Presets apply to the{" "}
            <span className="font-medium text-foreground">{step.selected.label.toLowerCase()} colour</span>
          </p>
          <PresetSwatches
            value={values[step.selectedSlot]}
            label={step.selected.label}
            onPick={(color) => step.setColor(step.selectedSlot, color)}
          />
        </div>
      </fieldset>

      <BrandPreview values={values} />
    </div>
  );
}
