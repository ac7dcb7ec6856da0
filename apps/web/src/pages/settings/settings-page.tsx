import type { Brand } from "@smm/domain/web";
import { CircleAlertIcon, ExternalLinkIcon, MailIcon, RotateCwIcon, ShieldCheckIcon } from "lucide-react";
import type * as React from "react";
import { useSearchParams } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { FacebookConnectionPanel } from "@/components/facebook/facebook-connection-panel";
import { MarketingTabs } from "@/components/marketing-tabs";
import { NoBrandState } from "@/components/no-brand-state";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useActiveBrand } from "@/lib/brands";
import { CONTACT_EMAIL } from "@/lib/site";

import { BrandSettingsForm } from "./brand-settings-form";
import { ChannelsTab } from "./channels/channels-tab";
import { CompanyProfileForm } from "./company-profile-form";
import { SettingsFormSkeleton } from "./settings-form-skeleton";
import { WatermarkTab } from "./watermark-tab";

const TAB_VALUES = ["brand", "company", "channels", "facebook", "watermark", "legal"];
const DEFAULT_TAB = "brand";

const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy", hint: "How we collect, use and protect your data" },
  { to: "/terms", label: "Terms of Service", hint: "The rules for using Social Media Manager" },
  { to: "/delete", label: "Delete Data", hint: "Ask us to delete all your personal data" },
];

/** The two brand tabs share one query: a skeleton while it loads, a retry on failure, the wizard if no brand. */
function BrandTab({ children, label }: { children: (brand: Brand) => React.ReactNode; label: string }) {
  const activeBrand = useActiveBrand();
  if (activeBrand.isPending) return <SettingsFormSkeleton label={`Loading ${label}`} />;
  if (activeBrand.isError) {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title={`Could not load your ${label}`}
        description={activeBrand.error.message}
        testId="settings-load-error"
        action={
          <Button
            variant="outline"
            onClick={() => void activeBrand.refetch()}
            disabled={activeBrand.isFetching}
          >
            <RotateCwIcon
              className={activeBrand.isFetching ? "animate-spin" : undefined}
              aria-hidden="true"
            />
            Try again
          </Button>
        }
      />
    );
  }
  if (!activeBrand.data) {
    return (
      <NoBrandState
        purpose="Your brand's settings and company profile are edited here"
        testId="settings-no-brand"
      />
    );
  }
  return children(activeBrand.data);
}

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab = requested && TAB_VALUES.includes(requested) ? requested : DEFAULT_TAB;

  // The tab lives in the URL so a reload, a shared link or the assistant can open the right one.
  function selectTab(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TAB) next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <MarketingTabs className="mb-6" />
      <Tabs value={tab} onValueChange={selectTab} className="gap-6">
        <div className="scrollbar-none -mx-1 overflow-x-auto px-1">
          <TabsList className="min-w-max">
            <TabsTrigger value="brand" data-testid="settings-tab-brand">
              Brand Settings
            </TabsTrigger>
            <TabsTrigger value="company" data-testid="settings-tab-company">
              Company Profile
            </TabsTrigger>
            <TabsTrigger value="channels" data-testid="settings-tab-channels">
              Channels
            </TabsTrigger>
            <TabsTrigger value="facebook" data-testid="settings-tab-facebook">
              Facebook
            </TabsTrigger>
            <TabsTrigger value="watermark" data-testid="settings-tab-watermark">
              Watermark
            </TabsTrigger>
            <TabsTrigger value="legal" data-testid="settings-tab-legal">
              Legal &amp; Privacy
            </TabsTrigger>
          </TabsList>
        </div>

        {/* Kept mounted while hidden: switching tabs must not throw away unsaved edits. */}
        <TabsContent value="brand" forceMount className="data-[state=inactive]:hidden">
          <BrandTab label="brand settings">{(brand) => <BrandSettingsForm brand={brand} />}</BrandTab>
        </TabsContent>
        <TabsContent value="company" forceMount className="data-[state=inactive]:hidden">
          <BrandTab label="company profile">{(brand) => <CompanyProfileForm brand={brand} />}</BrandTab>
        </TabsContent>

        <TabsContent value="channels">
          <BrandTab label="channels">{(brand) => <ChannelsTab brandId={brand.id} />}</BrandTab>
        </TabsContent>

        {/* Kept mounted while hidden: a popup the user is finishing reports back to this tab's flow. */}
        <TabsContent value="facebook" forceMount className="data-[state=inactive]:hidden">
          <FacebookConnectionPanel />
        </TabsContent>

        <TabsContent value="watermark" forceMount className="data-[state=inactive]:hidden">
          <BrandTab label="watermark">{(brand) => <WatermarkTab brand={brand} />}</BrandTab>
        </TabsContent>

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
