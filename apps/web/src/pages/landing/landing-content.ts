import { describeMonthlyPosts, formatPlanPrice, planMonthlyPrices, planNames } from "@smm/domain/web";
import { CalendarClockIcon, ChartColumnIcon, GlobeIcon, type LucideIcon, SparklesIcon } from "lucide-react";

export const FEATURES: { title: string; description: string; icon: LucideIcon; id?: string }[] = [
  {
    title: "AI Content Generation",
    description:
      "Describe an idea in one sentence and get a caption and an image in your brand's colours, tone and language.",
    icon: SparklesIcon,
  },
  {
    title: "Smart Scheduling",
    description:
      "Drag approved posts onto the calendar or let the assistant pick the hours your audience is most active.",
    icon: CalendarClockIcon,
  },
  {
    title: "Advanced Analytics",
    description:
      "See reach, engagement and audience insights for every page, and which posts performed best.",
    icon: ChartColumnIcon,
  },
  {
    title: "Multi-Platform Support",
    description:
      "Publish to Facebook pages and Instagram accounts from one place, each post previewed as it will look.",
    icon: GlobeIcon,
    id: "integrations",
  },
];

// Marketing claims as given in the product spec (connections.md §1).
export const HERO_PROOF = ["10,000+ active users", "4.9/5 rating", "50+ countries"];
export const STATS = [
  { value: "10M+", label: "Posts generated" },
  { value: "500K+", label: "Hours saved" },
  { value: "98%", label: "Satisfaction" },
  { value: "150%", label: "Average engagement boost" },
];

// Names, prices and post counts come from the plan catalogue the server sells from; the rest is marketing copy.
export const PLANS = [
  {
    name: planNames.free,
    price: formatPlanPrice(planMonthlyPrices.free),
    period: "forever",
    description: "For trying things out and small side projects.",
    features: [describeMonthlyPosts("free"), "Basic analytics", "Single platform", "Community support"],
    cta: "Get Started",
    highlighted: false,
  },
  {
    name: planNames.pro,
    price: formatPlanPrice(planMonthlyPrices.pro),
    period: "per month",
    description: "For businesses that post every week.",
    features: [
      describeMonthlyPosts("pro"),
      "Advanced analytics",
      "Multi-platform",
      "Priority support",
      "Custom branding",
      "Team collaboration",
    ],
    cta: "Start Free Trial",
    highlighted: true,
  },
  {
    name: planNames.enterprise,
    price: formatPlanPrice(planMonthlyPrices.enterprise),
    period: "per month",
    description: "For agencies and teams that automate at scale.",
    features: [
      describeMonthlyPosts("enterprise"),
      "AI Social Media Agent",
      "Advanced automation",
      "Custom integrations",
      "Dedicated support",
      "API access",
    ],
    cta: "Contact Sales",
    highlighted: false,
  },
];

export const FOOTER_PRODUCT = [
  { label: "Features", href: "#features" },
  { label: "Pricing", href: "#pricing" },
  { label: "Demo", href: "#demo" },
  { label: "Integrations", href: "#integrations" },
];
export const FOOTER_SUPPORT = [
  { label: "Help Center", href: "#help" },
  { label: "Contact", href: "#contact" },
  { label: "API", href: "#api" },
  { label: "Status", href: "#status" },
];
export const FOOTER_LEGAL = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Delete Data", to: "/delete" },
];
