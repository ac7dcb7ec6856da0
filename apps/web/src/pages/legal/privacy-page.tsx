import { CONTACT_EMAIL } from "@/lib/site";
import { LegalLayout, type LegalSection } from "@/pages/legal/legal-layout";

const SECTIONS: LegalSection[] = [
  {
    title: "Who We Are and What This Policy Covers",
    body: [
      "Social Media Manager is a web application that helps businesses and creators generate, review, schedule and publish social media posts with the help of artificial intelligence. This policy explains which personal data we process when you visit our website, create an account or use the application, why we process it and which rights you have.",
      "We act as the controller for the personal data described here. Where you use the service on behalf of a business, that business decides which content is published; for the account and brand data it stores with us, we process data on its instructions.",
    ],
  },
  {
    title: "Information We Collect",
    body: [
      "We collect only what the service needs to work:",
      {
        list: [
          "Account data: your e-mail address, a password stored only as a salted hash, the date you registered, whether your e-mail address is confirmed, and your session records (device type, IP address and time of sign-in) used to keep you signed in securely.",
          "Brand data: brand names, colours, logos, watermark images, company descriptions, industry, tone of voice, target audience, key messages and topics to avoid that you enter or ask the assistant to extract from your website.",
          "Content: the posts, captions, prompts, templates, images you upload or generate, your approvals, denials, feedback and schedules, and your conversations with the assistant.",
          "Connection data: when you connect a Facebook page or ad account, the page or account identifier, its name and the access token Facebook issues for it.",
          "Billing data: your plan, subscription status and the identifiers our payment provider returns. Card details are entered with the payment provider and never reach our servers.",
          "Technical data: server logs with IP address, browser type, requested pages and error reports, kept to operate and secure the service.",
        ],
      },
    ],
  },
  {
    title: "How We Use Your Information",
    body: [
      {
        list: [
          "To create and secure your account, confirm your e-mail address and let you sign in.",
          "To generate captions and images that match your brand, and to keep your posts, templates and calendar.",
          "To publish or schedule posts on the Facebook pages and Instagram accounts you connect, and to show you their performance.",
          "To apply plan limits, process payments and send transactional e-mails such as confirmation links and password notices.",
          "To detect abuse, fix errors and keep the service available.",
        ],
      },
      "We do not sell your personal data, we do not use your content to advertise to you, and we do not build marketing profiles from your posts.",
    ],
  },
  {
    title: "Legal Bases for Processing",
    body: [
      "Under the EU General Data Protection Regulation (GDPR) we rely on: performance of our contract with you (account, brand data, content, publishing and billing); our legitimate interest in operating a secure and reliable service (logs, abuse prevention, error reports); compliance with legal obligations (tax and accounting records); and your consent where we ask for it, for example when you connect a social network account. You can withdraw consent at any time without affecting processing that took place before.",
    ],
  },
  {
    title: "Facebook and Instagram Data",
    body: [
      "When you connect a Facebook page, Facebook issues an access token that lets us publish, schedule and read insights for that page on your behalf. We store page tokens and ad account tokens encrypted at rest, use them only for the actions you request or schedule, and never send them to your browser or to third parties.",
      "We read page and post insights (reach, engagement, audience age, gender and location in aggregated form) only to display them in your analytics. You can disconnect a page at any time in Settings, which deletes the stored token; you can also remove the app's access in your Facebook settings. Our use of data received from Meta's APIs follows Meta's Platform Terms.",
    ],
  },
  {
    title: "AI Processing of Your Content",
    body: [
      "To generate captions, images and suggestions we send the relevant brand details and your prompt to an AI model provider. The provider processes this data only to return the result, under a data processing agreement that forbids using it to train its models. When the service runs with its built-in offline model, this data does not leave our servers.",
      "Generated content can be inaccurate. You review every post before it is approved, and nothing is published without an approval or a schedule you set.",
    ],
  },
  {
    title: "Sharing and Disclosure",
    body: [
      "We share personal data only with processors that help us run the service: hosting and database providers, the AI model provider, the e-mail delivery provider and the payment provider. Each is bound by a written agreement, processes data only on our instructions and protects it with appropriate measures.",
      "Content you choose to publish is shared with the social network you publish to and becomes subject to its own privacy policy. Templates you mark as public are visible to other users together with the creator name you chose. We disclose data to authorities only when the law requires it.",
    ],
  },
  {
    title: "International Transfers",
    body: [
      "We store your data in the European Union wherever possible. Where a processor is located outside the European Economic Area, we rely on an adequacy decision of the European Commission or on the Standard Contractual Clauses, together with additional safeguards where needed.",
    ],
  },
  {
    title: "Data Retention",
    body: [
      "We keep account, brand and content data for as long as your account exists. Notifications are deleted after 24 hours; session records expire automatically. When you delete your account or submit a data deletion request, we remove your personal data within 30 days, except for records we must keep by law (such as invoices), which are kept only for the legally required period. Backups containing deleted data are overwritten in their normal cycle.",
    ],
  },
  {
    title: "Data Security",
    body: [
      "We protect your data with encrypted connections (HTTPS), hashed passwords, encryption at rest for social network tokens, access controls that scope every request to your own account and brands, and signed, expiring links for stored images. No system is perfectly secure; if a breach affects your personal data we will inform you and the competent authority as the GDPR requires.",
    ],
  },
  {
    title: "Your Rights",
    body: [
      "You have the right to access your personal data, to correct it, to have it deleted, to restrict or object to its processing, to receive it in a portable format, and to withdraw consent. You can delete your data at any time on our data deletion page (/delete) or by writing to us. You also have the right to lodge a complaint with the data protection authority of your EU member state.",
    ],
  },
  {
    title: "Cookies and Local Storage",
    body: [
      "We use one essential session cookie to keep you signed in and your browser's local storage to remember your preferences, such as the light or dark theme. We do not use advertising or cross-site tracking cookies, so no consent banner is needed for them.",
    ],
  },
  {
    title: "Changes to This Policy and Contact",
    body: [
      "We may update this policy when the service or the law changes. We will show the date of the latest change at the top of this page and notify you by e-mail of significant changes before they take effect.",
      `Questions about this policy or your data: ${CONTACT_EMAIL}.`,
    ],
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro="Your trust matters to us. This Privacy Policy describes how Social Media Manager collects, uses, stores and protects your personal data, including the brand data, posts and connected Facebook page tokens you entrust to us."
      sections={SECTIONS}
    />
  );
}
