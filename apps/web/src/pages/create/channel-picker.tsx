import type { PostPlatform } from "@smm/domain/web";
import { CheckIcon, InfoIcon } from "lucide-react";
import { Link } from "react-router";

import { FieldError } from "@/components/field-error";
import { NetworkIcon } from "@/components/network-icon";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import type { ChannelOption } from "@/lib/channels";
import { cn } from "@/lib/utils";

import type { PostGeneratorState } from "./use-post-generator";

const chip =
  "flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-left text-sm font-medium transition-colors hover:bg-accent/50";
const chipOn = "border-primary bg-primary/5";

function ChipText({ option }: { option: ChannelOption }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col leading-tight">
      <span className="break-words">{option.label}</span>
      {option.tag ? (
        <span className="text-xs font-normal break-words text-muted-foreground" data-testid="channel-tag">
          {option.tag}
        </span>
      ) : null}
    </span>
  );
}

/** One channel: the spec's platform radio, as chips with the networks' marks. */
function SingleChannel({ g }: { g: PostGeneratorState }) {
  const selected = g.form.channels[0] ?? "facebook";
  return (
    <RadioGroup
      value={selected}
      onValueChange={(value) => g.selectChannel(value as PostPlatform)}
      aria-labelledby="platform-label"
      className="grid grid-cols-1 gap-2 @sm:grid-cols-2"
      data-testid="generator-platform"
    >
      {g.channelOptions.map((option) => (
        <Label
          key={option.platform}
          htmlFor={`platform-${option.platform}`}
          className={cn(
            chip,
            "has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5",
          )}
        >
          <RadioGroupItem
            id={`platform-${option.platform}`}
            value={option.platform}
            data-testid={`generator-platform-${option.platform}`}
          />
          <NetworkIcon platform={option.platform} />
          <ChipText option={option} />
        </Label>
      ))}
    </RadioGroup>
  );
}

/** Several channels: toggle chips; one post per chosen channel, each written for its network. */
function SeveralChannels({ g }: { g: PostGeneratorState }) {
  return (
    <div className="grid grid-cols-1 gap-2 @sm:grid-cols-2" data-testid="generator-platform">
      {g.channelOptions.map((option) => {
        const on = g.form.channels.includes(option.platform);
        const last = on && g.form.channels.length === 1;
        return (
          <label
            key={option.platform}
            className={cn(chip, on && chipOn)}
            title={last ? "At least one channel stays chosen" : undefined}
          >
            <span className="relative flex size-4 shrink-0">
              <input
                type="checkbox"
                checked={on}
                onChange={() => g.toggleChannel(option.platform)}
                className="peer size-4 appearance-none rounded-[4px] border border-input shadow-xs transition-[color,box-shadow] outline-none checked:border-primary checked:bg-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30 dark:checked:bg-primary"
                data-testid={`generator-platform-${option.platform}`}
              />
              <CheckIcon
                className="pointer-events-none absolute inset-0 m-auto size-3 text-primary-foreground opacity-0 peer-checked:opacity-100"
                aria-hidden="true"
              />
            </span>
            <NetworkIcon platform={option.platform} />
            <ChipText option={option} />
          </label>
        );
      })}
    </div>
  );
}

/** The chosen networks that can be written for but not approved until an account is connected. */
function ConnectionNote({ g }: { g: PostGeneratorState }) {
  const missing = g.channelOptions.filter(
    (option) => option.needsConnection && g.form.channels.includes(option.platform),
  );
  if (missing.length === 0) return null;
  const names = missing.map((option) => option.label).join(" and ");
  return (
    <p
      className="flex items-start gap-1.5 text-xs text-muted-foreground"
      data-testid="generator-channel-note"
    >
      <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {names} {missing.length === 1 ? "is" : "are"} not connected: the post can be written, but approving it
        needs a connection.{" "}
        <Link
          to="/settings?tab=channels"
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Connect in Settings &gt; Channels
        </Link>
      </span>
    </p>
  );
}

/**
 * Which channels the post is for: one (the spec's platform choice, a radio) or, with "Several channels"
 * on, any of them (toggle chips). Every network is listed; those without an account are marked.
 */
export function ChannelPicker({ g }: { g: PostGeneratorState }) {
  const { form } = g;
  return (
    <fieldset className="min-w-0">
      {/* Floated: a legend stays the fieldset's own name, and the switch sits beside it. */}
      <legend id="platform-label" className="float-left pt-0.5 text-sm font-medium">
        {form.multiChannel ? "Channels" : "Platform"}
      </legend>
      <div className="float-right flex items-center gap-2">
        <Switch
          id="generator-multi-channel"
          checked={form.multiChannel}
          onCheckedChange={g.changeMultiChannel}
          aria-describedby="generator-multi-channel-hint"
          data-testid="generator-multi-channel"
        />
        <Label htmlFor="generator-multi-channel" className="text-sm font-normal">
          Several channels
        </Label>
      </div>
      <div className="clear-both grid gap-2 pt-3">
        {form.multiChannel ? <SeveralChannels g={g} /> : <SingleChannel g={g} />}
        <p id="generator-multi-channel-hint" className="text-xs text-muted-foreground">
          {form.multiChannel
            ? "One post per channel, each written for its network; together they count as one post from your plan."
            : "Turn on Several channels to write one post for each of your networks at once."}
        </p>
        <ConnectionNote g={g} />
        <FieldError
          id="platform-error"
          message={form.fieldErrors.platform ?? form.fieldErrors.channels}
          testId="generator-platform-error"
        />
      </div>
    </fieldset>
  );
}
