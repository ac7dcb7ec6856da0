import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { type CampaignListView, formatMoney } from "@/lib/campaigns";

/** Total Spend, Impressions, Clicks, CTR over the listed campaigns and range. */
export function CampaignSummary({ view }: { view: CampaignListView }) {
  const cards = [
    { label: "Total Spend", value: formatMoney(view.summary.spend, view.account.currency), id: "spend" },
    { label: "Impressions", value: view.summary.impressions.toLocaleString(), id: "impressions" },
    { label: "Clicks", value: view.summary.clicks.toLocaleString(), id: "clicks" },
    { label: "CTR", value: `${view.summary.ctr.toFixed(2)}%`, id: "ctr" },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="campaign-summary">
      {cards.map((card) => (
        <Card key={card.id} className="gap-1 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-sm font-medium text-muted-foreground">{card.label}</CardTitle>
          </CardHeader>
          <CardContent
            className="px-4 text-2xl font-semibold tabular-nums"
            data-testid={`summary-${card.id}`}
          >
            {card.value}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
