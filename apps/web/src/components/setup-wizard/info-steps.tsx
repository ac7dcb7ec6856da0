import type { SetupWizardEvent, WizardFacebook, WizardValues } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { BuildingIcon, PaletteIcon, RocketIcon, SettingsIcon } from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import { FacebookConnectionPanel } from "@/components/facebook/facebook-connection-panel";
import { FacebookIcon } from "@/components/network-icons/facebook";
import { connectionKeys, useConnections } from "@/lib/connections";

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

/**
 * Step 3: the same connect component as Settings (page only), through the popup. What happens is told to
 * the wizard's machine, so 'Skip for now' becomes 'Next' once a page is connected and step 4 names it.
 */
export function ConnectFacebookStep({ send }: { send: (event: SetupWizardEvent) => void }) {
  const queryClient = useQueryClient();
  const connections = useConnections();
  // The brand was created two steps ago: what an earlier screen read about connections may predate it.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
  }, [queryClient]);
  const pageName = connections.data?.page ? (connections.data.page.name ?? "your page") : null;
  useEffect(() => {
    if (!connections.isSuccess) return;
    send(pageName ? { type: "FACEBOOK_CONNECTED", pageName } : { type: "FACEBOOK_DISCONNECTED" });
  }, [connections.isSuccess, pageName, send]);

  return (
    <div className="grid gap-4" data-testid="wizard-connect-facebook">
      <p className="text-sm text-muted-foreground">
        Approved posts are published to your Facebook page, and Instagram posts to the Instagram business
        account linked to it. You can skip this and connect later.
      </p>
      <FacebookConnectionPanel pageOnly />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <SettingsIcon className="size-4 shrink-0" aria-hidden="true" />
        Settings is also where you disconnect or switch pages.
      </p>
    </div>
  );
}

/** Step 4: a summary of what was set up, before 'Get Started'. */
export function ReadyStep({ values, facebook }: { values: WizardValues; facebook: WizardFacebook }) {
  const details: { label: string; value: string }[] = [
    {
      label: "Facebook page",
      value: facebook?.status === "connected" ? facebook.pageName : "Not connected",
    },
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
      <dl className="grid gap-2 text-sm sm:grid-cols-2 sm:gap-3">
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
