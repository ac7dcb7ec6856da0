import {
  BuildingIcon,
  ExternalLinkIcon,
  MailIcon,
  PaletteIcon,
  ShieldCheckIcon,
  StampIcon,
} from "lucide-react";

import type * as React from "react";

import { FacebookIcon } from "@/components/brand-icons";
import { EmptyState } from "@/components/empty-state";
import { MarketingTabs } from "@/components/marketing-tabs";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CONTACT_EMAIL } from "@/lib/site";

const PENDING_TABS: {
  value: string;
  label: string;
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  description: string;
}[] = [
  {
    value: "brand",
    label: "Brand Settings",
    icon: PaletteIcon,
    title: "Brand settings are on their way",
    description:
      "Your brand name, logo, three brand colours, language and image style will be editable here.",
  },
  {
    value: "company",
    label: "Company Profile",
    icon: BuildingIcon,
    title: "Company profile is on its way",
    description:
      "Your description, industry, tone, target audience, key messages and topics to avoid will be editable here.",
  },
  {
    value: "facebook",
    label: "Facebook",
    icon: FacebookIcon,
    title: "Facebook connection is on its way",
    description: "Connecting or disconnecting your Facebook page and ad account will happen here.",
  },
  {
    value: "watermark",
    label: "Watermark",
    icon: StampIcon,
    title: "Watermark editor is on its way",
    description: "Uploading a watermark and placing it on your generated images will happen here.",
  },
];

const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy", hint: "How we collect, use and protect your data" },
  { to: "/terms", label: "Terms of Service", hint: "The rules for using Social Media Manager" },
  { to: "/delete", label: "Delete Data", hint: "Ask us to delete all your personal data" },
];

export function SettingsPage() {
  return (
    <>
      <MarketingTabs className="mb-6" />
      <Tabs defaultValue="brand" className="gap-6">
        <div className="-mx-1 overflow-x-auto px-1">
          <TabsList className="min-w-max">
            {PENDING_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} data-testid={`settings-tab-${tab.value}`}>
                {tab.label}
              </TabsTrigger>
            ))}
            <TabsTrigger value="legal" data-testid="settings-tab-legal">
              Legal &amp; Privacy
            </TabsTrigger>
          </TabsList>
        </div>

        {PENDING_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <EmptyState icon={tab.icon} title={tab.title} description={tab.description} />
          </TabsContent>
        ))}

        <TabsContent value="legal">
          <div className="rounded-xl border bg-card">
            <div className="flex items-center gap-3 border-b p-5">
              <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
              <div>
                <h2 className="font-semibold">Legal &amp; Privacy</h2>
                <p className="text-sm text-muted-foreground">Policies and control over your data.</p>
              </div>
            </div>
            <ul className="divide-y">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <a
                    href={link.to}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex min-h-14 items-center gap-3 px-5 py-3 transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
                  >
                    <span className="flex-1">
                      <span className="block text-sm font-medium">{link.label}</span>
                      <span className="block text-sm text-muted-foreground">{link.hint}</span>
                    </span>
                    <ExternalLinkIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-3 border-t p-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">Questions about your data or these policies?</p>
              <Button asChild variant="outline">
                <a href={`mailto:${CONTACT_EMAIL}`}>
                  <MailIcon aria-hidden="true" />
                  Contact us
                </a>
              </Button>
            </div>
          </div>
        </TabsContent>
      </Tabs>
    </>
  );
}
