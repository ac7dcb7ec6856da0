import { canEnhance, isBrandNameValid, type WizardValues } from "@smm/domain/web";
import { useState } from "react";

import { COLOR_SLOTS, type ColorField } from "./brand-colour-parts";
import { useEnhancer } from "./use-enhancer";
import type { WizardSend } from "./wizard-types";

/**
 * The brand step's state: the colour slot presets write into, whether the name has been touched (its
 * required message waits until then), and Enhance for the name. The step only renders it.
 */
export function useBrandSettingsStep(values: WizardValues, send: WizardSend, onSubmitName: () => void) {
  // Presets write into one slot at a time; the slot last focused or picked is the one highlighted.
  const [selectedSlot, setSelectedSlot] = useState<ColorField>("primaryColor");
  // The required message appears once the user has been in the field, not on arrival.
  const [nameTouched, setNameTouched] = useState(false);
  const enhancer = useEnhancer(values, (results) => {
    if (results.name !== undefined) send({ type: "SET_FIELD", field: "name", value: results.name });
  });

  return {
    selectedSlot,
    selected: COLOR_SLOTS.find((slot) => slot.field === selectedSlot) ?? COLOR_SLOTS[0]!,
    selectSlot: setSelectedSlot,
    nameInvalid: nameTouched && !isBrandNameValid(values.name),
    nameEnhance: enhancer.stateOf("name"),
    canEnhanceName: canEnhance(values.name),
    enhanceName: () => void enhancer.enhance({ key: "name", fieldName: "brandName", value: values.name }),
    changeName: (value: string) => {
      setNameTouched(true);
      send({ type: "SET_FIELD", field: "name", value });
    },
    touchName: () => setNameTouched(true),
    submitName: () => {
      setNameTouched(true);
      onSubmitName();
    },
    setColor: (field: ColorField, value: string) => send({ type: "SET_FIELD", field, value }),
  };
}
