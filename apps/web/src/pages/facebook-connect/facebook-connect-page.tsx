import { FacebookConnectionPanel } from "@/components/facebook/facebook-connection-panel";
import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription } from "@/components/ui/alert";

const AFTER_CONNECTING = [
  "Approved posts are published to your page at their scheduled time.",
  "Instagram posts go to the Instagram business account linked to the page.",
  "You can connect an ad account for campaigns once the page is connected.",
];

export function FacebookConnectPage() {
  return (
    <>
      <PageIntro description="Connect the Facebook page your posts are published to." />
      <div className="max-w-2xl space-y-6">
        <FacebookConnectionPanel />
        <section aria-labelledby="after-connecting">
          <h2 id="after-connecting" className="mb-2 font-semibold">
            What happens after connecting
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {AFTER_CONNECTING.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <Alert>
          <AlertDescription>
            The app is under Meta's review for automated posting, so automatic posting may be limited for now;
            manual approval still works.
          </AlertDescription>
        </Alert>
      </div>
    </>
  );
}
