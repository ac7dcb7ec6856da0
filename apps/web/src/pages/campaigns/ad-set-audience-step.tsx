import {
  AD_COUNTRIES,
  type AdSetWizardEvent,
  type AdSetWizardValues,
  AGE_OPTIONS,
  ageLabel,
  ESTIMATED_AUDIENCE,
} from "@smm/domain/web";
import type * as React from "react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export const selectClass =
  "h-10 w-full rounded-md border bg-transparent px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

export function Toggle(props: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      aria-pressed={props.pressed}
      data-testid={props.testId}
      className={cn(props.pressed && "border-primary bg-primary/10")}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

type Send = (event: AdSetWizardEvent) => void;

/** Ages 18 to 65+, genders All/Male/Female, countries. */
export function AudienceStep({ values, send }: { values: AdSetWizardValues; send: Send }) {
  const everyone = values.genders.length === 2;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        {(["min", "max"] as const).map((bound) => (
          <div key={bound} className="space-y-1">
            <Label htmlFor={`age-${bound}`}>{bound === "min" ? "Minimum age" : "Maximum age"}</Label>
            <select
              id={`age-${bound}`}
              className={selectClass}
              value={bound === "min" ? values.ageMin : values.ageMax}
              onChange={(e) => send({ type: "SET_AGE", bound, value: Number(e.target.value) })}
            >
              {AGE_OPTIONS.map((age) => (
                <option key={age} value={age}>
                  {ageLabel(age)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Gender</legend>
        <div className="flex gap-2">
          <Toggle pressed={everyone} onClick={() => send({ type: "TOGGLE_GENDER", gender: "all" })}>
            All
          </Toggle>
          <Toggle
            pressed={!everyone && values.genders[0] === 1}
            onClick={() => send({ type: "TOGGLE_GENDER", gender: 1 })}
          >
            Male
          </Toggle>
          <Toggle
            pressed={!everyone && values.genders[0] === 2}
            onClick={() => send({ type: "TOGGLE_GENDER", gender: 2 })}
          >
            Female
          </Toggle>
        </div>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Countries</legend>
        <div className="flex flex-wrap gap-2">
          {AD_COUNTRIES.map((country) => (
            <Toggle
              key={country}
              testId={`country-${country}`}
              pressed={values.countries.includes(country)}
              onClick={() => send({ type: "TOGGLE_COUNTRY", country })}
            >
              {country}
            </Toggle>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">Estimated audience size: {ESTIMATED_AUDIENCE}</p>
    </div>
  );
}
