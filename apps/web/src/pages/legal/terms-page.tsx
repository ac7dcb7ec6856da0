import { CONTACT_EMAIL } from "@/lib/site";
import { LegalLayout, type LegalSection } from "@/pages/legal/legal-layout";
import { describePlanTerms } from "@/pages/legal/plan-terms";

const SECTIONS: LegalSection[] = [
  {
    title: "Acceptance of These Terms",
    body: [
      "These Terms of Service govern your use of Social Media Manager, including the website, the web application, the assistant and the programming interfaces. By creating an account or using the service you agree to these Terms. If you use the service for a business, you confirm that you may accept them on its behalf.",
    ],
  },
  {
    title: "The Service",
    body: [
      "Social Media Manager lets you set up brands, generate post captions and images with artificial intelligence, review, approve, deny, edit and schedule posts, publish them to connected Facebook pages and Instagram accounts, manage templates, and view analytics and ad campaigns. Some features depend on third-party platforms and on your plan.",
    ],
  },
  {
    title: "Accounts and Security",
    body: [
      "You must be at least 16 years old and give a valid e-mail address, which you confirm before signing in. Keep your password confidential and tell us promptly if you suspect unauthorised access. You are responsible for activity under your account, including actions taken through API keys you create.",
    ],
  },
  {
    title: "Plans, Payments and Free Trial",
    body: [
      describePlanTerms(),
      "Paid subscriptions renew automatically for the same period until cancelled. You can cancel at any time; access continues until the end of the paid period and is not refunded pro rata, except where the law grants you a right of withdrawal. A free trial, where offered, lasts 14 days and needs no payment card.",
    ],
  },
  {
    title: "Your Content and Brand Data",
    body: [
      "You keep all rights to the content and brand data you provide and to the posts you publish. You grant us a limited licence to store, process, display and transmit that content only as needed to provide the service to you, for example to generate a caption or to publish a post to the page you selected.",
      "You are responsible for having the rights to the logos, images, texts and other material you upload, and for the content you approve for publication.",
    ],
  },
  {
    title: "AI-Generated Content",
    body: [
      "Captions, images and suggestions are produced by AI models and may be inaccurate, incomplete or similar to content produced for others. Review every post before you approve or schedule it. Subject to the rights of third parties, you may use generated content for any lawful purpose; we claim no ownership of it.",
    ],
  },
  {
    title: "Connected Social Network Accounts",
    body: [
      "When you connect a Facebook page, an Instagram account or an ad account, you authorise us to act on it as you instruct: publish, schedule, update or cancel posts, read insights, and manage campaigns. You must comply with the terms and policies of those platforms. We are not responsible for changes, outages or decisions of those platforms, including the rejection or removal of posts or ads. You can disconnect an account at any time in Settings.",
    ],
  },
  {
    title: "Acceptable Use",
    body: [
      "You agree not to use the service to:",
      {
        list: [
          "publish unlawful, deceptive, hateful, harassing or sexually explicit content, or content that infringes the rights of others;",
          "send spam or manipulate engagement with fake accounts or automated interactions;",
          "interfere with the service, probe its security, or access data of other users;",
          "resell or share access to the service beyond your plan, or exceed its limits by technical means.",
        ],
      },
      "We may remove content or suspend accounts that break these rules, normally after notice unless the breach is serious or the law requires immediate action.",
    ],
  },
  {
    title: "Intellectual Property",
    body: [
      "The service, its software, design and trademarks belong to us or our licensors. Apart from the rights expressly granted in these Terms, no rights are transferred to you. Community templates you make public may be copied and used by other users of the service.",
    ],
  },
  {
    title: "Availability, Changes and Termination",
    body: [
      "We work to keep the service available but do not guarantee uninterrupted operation; maintenance and third-party outages can cause interruptions. We may change or discontinue features, and will give reasonable notice of changes that significantly reduce what a paid plan includes.",
      "You may stop using the service and delete your account at any time. We may terminate an account for a serious or repeated breach of these Terms. After termination we delete your data as described in our Privacy Policy.",
    ],
  },
  {
    title: "Liability",
    body: [
      "Nothing in these Terms limits liability that cannot be limited by law, including for intent, gross negligence or injury to life, body or health. Otherwise, our liability for slight negligence is limited to breaches of essential obligations and to the damage typically foreseeable at the time of contract, and in total to the fees you paid in the twelve months before the claim. We are not liable for content you approve for publication or for the acts of connected platforms.",
    ],
  },
  {
    title: "Governing Law and Disputes",
    body: [
      "These Terms are governed by the law of the European Union and, where EU law does not settle a question, by the law of the EU member state in which the operator of the service is established. If you are a consumer, you keep the protection of the mandatory consumer law of your country of residence and may bring proceedings there. The European Commission's online dispute resolution platform is available for consumer disputes.",
    ],
  },
  {
    title: "Changes to These Terms and Contact",
    body: [
      "We may update these Terms. We will notify you by e-mail of material changes at least 30 days before they take effect; if you do not agree, you may cancel before that date. Continued use after the effective date means acceptance of the updated Terms.",
      `Questions about these Terms: ${CONTACT_EMAIL}.`,
    ],
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro="Please read these Terms of Service carefully. They set out the rules for using Social Media Manager, what you can expect from us, and what we expect from you."
      sections={SECTIONS}
    />
  );
}
