import type { WizardValues } from "@smm/domain/machines/setup-wizard";
import { BuildingIcon, PaletteIcon, RocketIcon, SettingsIcon } from "lucide-react";
import type * as React from "react";

import { FacebookIcon } from "@/components/brand-icons";

import { BrandPreview } from "./brand-colour-parts";

function Feature({
  icon: Icon,
  title,
  description,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  description: string;
}) {
  return (
    <li className="flex gap-3">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
        aria-hidden="true"
      >
        <Icon className="size-4" />
      </span>
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
    </li>
  );
}

/** Step 0: what the next few minutes are for. */
export function WelcomeStep() {
  return (
    <div className="grid gap-5" data-testid="wizard-welcome">
      <p className="text-sm text-muted-foreground">
        A few details about your brand let every generated post sound like you and wear your colours. It takes
        about two minutes, and you can change everything later in Settings.
      </p>
      <ul className="grid gap-4">
        <Feature
          icon={PaletteIcon}
          title="Brand settings"
          description="Your brand name and its three colours."
        />
        <Feature
          icon={BuildingIcon}
          title="Company profile"
          description="What you do, who it is for, your tone and the messages that matter."
        />
        <Feature
          icon={FacebookIcon}
          title="Facebook page"
          description="Where approved posts get published."
        />
      </ul>
    </div>
  );
}

/** The spec's Connect step; this server has no Facebook app yet, and says so rather than pretending. */
export const FACEBOOK_NOT_CONFIGURED =
  "Facebook connection is not set up on this server yet; you can connect a page later in Settings";

/** Step 3: connecting the page. */
export function ConnectFacebookStep() {
  return (
    <div className="grid gap-4">
      <div
        className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card/40 px-6 py-10 text-center"
        data-testid="facebook-not-configured"
      >
        <span
          className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground ring-8 ring-muted/40"
          aria-hidden="true"
        >
          <FacebookIcon className="size-5" />
        </span>
        <div className="grid max-w-sm gap-1.5">
          <p className="text-base font-semibold">Facebook is not available yet</p>
          <p className="text-sm text-muted-foreground">{FACEBOOK_NOT_CONFIGURED}</p>
        </div>
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <SettingsIcon className="size-4 shrink-0" aria-hidden="true" />
        Settings is also where you disconnect or switch pages.
      </p>
    </div>
  );
}

/** Step 4: a summary of what was set up, before 'Get Started'. */
export function ReadyStep({ values }: { values: WizardValues }) {
  const details: { label: string; value: string }[] = [
    { label: "Industry", value: values.industry.trim() || "Not set" },
    { label: "Tone", value: values.tone.charAt(0).toUpperCase() + values.tone.slice(1) },
    {
      label: "Key messages",
      value: values.keyMessages.length === 0 ? "None yet" : String(values.keyMessages.length),
    },
  ];
  return (
    <div className="grid gap-5" data-testid="wizard-ready">
      <div className="flex items-center gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
          aria-hidden="true"
        >
          <RocketIcon className="size-5" />
        </span>
        <p className="text-sm text-muted-foreground">
          Your brand is set up. Create your first post from the dashboard, or ask the assistant to write one
          for you.
        </p>
      </div>
      <BrandPreview values={values} />
      <dl className="grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        {details.map((detail) => (
          <div
            key={detail.label}
            className="flex min-w-0 items-baseline justify-between gap-3 rounded-lg border px-3 py-2 sm:grid sm:gap-0.5 sm:py-3"
          >
            <dt className="shrink-0 text-xs text-muted-foreground">{detail.label}</dt>
            <dd className="truncate font-medium">{detail.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
