import { Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";

import { PageErrorBoundary } from "@/components/error-boundary";
import { FullPageSpinner } from "@/components/full-page-spinner";
import { RedirectSignedInFromLogin, RedirectSignedInToWelcome, RequireAuth } from "@/components/route-guards";
import { lazyNamed } from "@/lib/lazy-load";

// Every screen is its own chunk, so the landing page stays small.

const LandingPage = lazyNamed(() => import("@/pages/landing/landing-page"), "LandingPage");
const LoginPage = lazyNamed(() => import("@/pages/login/login-page"), "LoginPage");
const PrivacyPage = lazyNamed(() => import("@/pages/legal/privacy-page"), "PrivacyPage");
const TermsPage = lazyNamed(() => import("@/pages/legal/terms-page"), "TermsPage");
const DeleteDataPage = lazyNamed(() => import("@/pages/delete-data/delete-data-page"), "DeleteDataPage");
const ResetPasswordPage = lazyNamed(
  () => import("@/pages/reset-password/reset-password-page"),
  "ResetPasswordPage",
);

const SignedInRoot = lazyNamed(() => import("@/components/signed-in-root"), "SignedInRoot");
const AppShell = lazyNamed(() => import("@/components/app-shell/app-shell"), "AppShell");
const MarketingLayout = lazyNamed(() => import("@/components/marketing-layout"), "MarketingLayout");

const WelcomePage = lazyNamed(() => import("@/pages/welcome/welcome-page"), "WelcomePage");
const DashboardPage = lazyNamed(() => import("@/pages/dashboard/dashboard-page"), "DashboardPage");
const InboxPage = lazyNamed(() => import("@/pages/inbox/inbox-page"), "InboxPage");
const SwipePage = lazyNamed(() => import("@/pages/swipe/swipe-page"), "SwipePage");
const CreatePage = lazyNamed(() => import("@/pages/create/create-page"), "CreatePage");
const TemplatesPage = lazyNamed(() => import("@/pages/templates/templates-page"), "TemplatesPage");
const MediaPage = lazyNamed(() => import("@/pages/media/media-page"), "MediaPage");
const CommunityTemplatesPage = lazyNamed(
  () => import("@/pages/community-templates/community-templates-page"),
  "CommunityTemplatesPage",
);
const CalendarPage = lazyNamed(() => import("@/pages/calendar/calendar-page"), "CalendarPage");
const SettingsPage = lazyNamed(() => import("@/pages/settings/settings-page"), "SettingsPage");
const ProfilePage = lazyNamed(() => import("@/pages/profile/profile-page"), "ProfilePage");
const SubscriptionPage = lazyNamed(
  () => import("@/pages/subscription/subscription-page"),
  "SubscriptionPage",
);
const AiAgentPage = lazyNamed(() => import("@/pages/ai-agent/ai-agent-page"), "AiAgentPage");
const FacebookConnectPage = lazyNamed(
  () => import("@/pages/facebook-connect/facebook-connect-page"),
  "FacebookConnectPage",
);
const CampaignsPage = lazyNamed(() => import("@/pages/campaigns/campaigns-page"), "CampaignsPage");
const AnalyticsPage = lazyNamed(() => import("@/pages/analytics/analytics-page"), "AnalyticsPage");
const FacebookCallbackPage = lazyNamed(
  () => import("@/pages/facebook-callback/facebook-callback-page"),
  "FacebookCallbackPage",
);
const ChannelCallbackPage = lazyNamed(
  () => import("@/pages/channel-callback/channel-callback-page"),
  "ChannelCallbackPage",
);
const FacebookMarketingCallbackPage = lazyNamed(
  () => import("@/pages/facebook-callback/facebook-callback-page"),
  "FacebookMarketingCallbackPage",
);

export function AppRouter() {
  return (
    <BrowserRouter>
      {/* The layouts catch their pages' failures; this one catches the layouts' own (and the public pages'). */}
      <PageErrorBoundary fullPage>
        <Suspense fallback={<FullPageSpinner />}>
          <Routes>
            <Route element={<RedirectSignedInToWelcome />}>
              <Route index element={<LandingPage />} />
            </Route>
            <Route element={<RedirectSignedInFromLogin />}>
              <Route path="login" element={<LoginPage />} />
            </Route>
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="terms" element={<TermsPage />} />
            <Route path="delete" element={<DeleteDataPage />} />
            {/* Open signed in too: a reset link is for whoever holds the mailbox. */}
            <Route path="reset-password" element={<ResetPasswordPage />} />

            <Route element={<RequireAuth />}>
              <Route element={<SignedInRoot />}>
                <Route path="welcome" element={<WelcomePage />} />
                <Route path="auth/facebook/callback" element={<FacebookCallbackPage />} />
                <Route path="auth/facebook/marketing/callback" element={<FacebookMarketingCallbackPage />} />
                <Route path="auth/channels/:platform/callback" element={<ChannelCallbackPage />} />
                <Route element={<MarketingLayout />}>
                  <Route path="campaigns" element={<CampaignsPage />} />
                  <Route path="analytics" element={<AnalyticsPage />} />
                </Route>
                <Route element={<AppShell />}>
                  <Route path="dashboard" element={<DashboardPage />} />
                  <Route path="dashboard/swipe" element={<SwipePage />} />
                  <Route path="inbox" element={<InboxPage />} />
                  <Route path="create" element={<CreatePage />} />
                  <Route path="templates" element={<TemplatesPage />} />
                  <Route path="media" element={<MediaPage />} />
                  <Route path="community-templates" element={<CommunityTemplatesPage />} />
                  <Route path="calendar" element={<CalendarPage />} />
                  <Route path="settings" element={<SettingsPage />} />
                  <Route path="profile" element={<ProfilePage />} />
                  <Route path="subscription" element={<SubscriptionPage />} />
                  <Route path="ai-agent" element={<AiAgentPage />} />
                  <Route path="facebook-connect" element={<FacebookConnectPage />} />
                </Route>
              </Route>
            </Route>

            <Route path="*" element={<Navigate to="/dashboard" replace />} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </BrowserRouter>
  );
}
