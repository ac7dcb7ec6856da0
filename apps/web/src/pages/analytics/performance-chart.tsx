import { Area, AreaChart, CartesianGrid, XAxis, YAxis } from "recharts";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type ChartConfig, ChartContainer, ChartTooltip, ChartTooltipContent } from "@/components/ui/chart";
import type { AnalyticsView } from "@/lib/analytics";

const chartConfig = {
  reach: { label: "Reach", color: "var(--chart-1, oklch(0.65 0.2 250))" },
  engagements: { label: "Engagement", color: "var(--chart-2, oklch(0.7 0.17 160))" },
} satisfies ChartConfig;

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** Reach and engagement per day over the range (the page's numbers, from the network). */
export function PerformanceChart({ daily }: { daily: AnalyticsView["daily"] }) {
  return (
    <Card data-testid="analytics-chart">
      <CardHeader>
        <CardTitle>Reach and engagement over time</CardTitle>
        <CardDescription>Daily totals of the page for the selected period</CardDescription>
      </CardHeader>
      <CardContent>
        <ChartContainer
          config={chartConfig}
          className="aspect-auto h-64 w-full"
          role="img"
          aria-label="Daily reach and engagement chart"
        >
          <AreaChart data={daily} margin={{ left: 4, right: 8, top: 8 }}>
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="date"
              tickLine={false}
              axisLine={false}
              minTickGap={24}
              tickFormatter={shortDate}
            />
            <YAxis yAxisId="reach" tickLine={false} axisLine={false} width={44} />
            <YAxis yAxisId="engagements" orientation="right" tickLine={false} axisLine={false} width={36} />
            <ChartTooltip
              content={({ active, payload, label }) => (
                <ChartTooltipContent
                  active={active}
                  payload={payload as never}
                  label={label as string}
                  config={chartConfig}
                  labelFormatter={shortDate}
                />
              )}
            />
            <Area
              yAxisId="reach"
              dataKey="reach"
              type="monotone"
              stroke="var(--color-reach)"
              fill="var(--color-reach)"
              fillOpacity={0.2}
              isAnimationActive={false}
            />
            <Area
              yAxisId="engagements"
              dataKey="engagements"
              type="monotone"
              stroke="var(--color-engagements)"
              fill="var(--color-engagements)"
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          </AreaChart>
        </ChartContainer>
      </CardContent>
    </Card>
  );
}
