import { NO_AUDIENCE_DATA, TOP_LOCATIONS_SHOWN } from "@smm/domain/web";
import { UsersIcon } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { AnalyticsView } from "@/lib/analytics";

function Bar({ label, percentage }: { label: string; percentage: number }) {
  return (
    <li className="grid grid-cols-[4.5rem_1fr_3rem] items-center gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <span
          className="block h-full rounded-full bg-primary"
          style={{ width: `${Math.min(100, percentage)}%` }}
        />
      </span>
      <span className="text-right tabular-nums">{percentage.toFixed(1)}%</span>
    </li>
  );
}

/** Age bars, the male/female split and the top locations (first 5, the rest behind Show More). */
export function AudienceInsights({ audience }: { audience: AnalyticsView["audience"] }) {
  const [expanded, setExpanded] = useState(false);
  const empty =
    !audience || (audience.ageRanges.length === 0 && !audience.gender && audience.locations.length === 0);
  const locations = audience?.locations ?? [];
  return (
    <Card data-testid="audience-insights">
      <CardHeader>
        <CardTitle>Audience Insights</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <div className="flex flex-col items-center gap-2 py-6 text-sm text-muted-foreground">
            <UsersIcon className="size-6" aria-hidden="true" />
            {NO_AUDIENCE_DATA}
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-3">
            <section aria-labelledby="age-heading">
              <h3 id="age-heading" className="mb-2 text-sm font-medium">
                Age distribution
              </h3>
              <ul className="space-y-1.5">
                {audience.ageRanges.map((age) => (
                  <Bar key={age.range} label={age.range} percentage={age.percentage} />
                ))}
              </ul>
            </section>
            <section aria-labelledby="gender-heading">
              <h3 id="gender-heading" className="mb-2 text-sm font-medium">
                Gender
              </h3>
              {audience.gender ? (
                <ul className="space-y-1.5">
                  <Bar label="Male" percentage={audience.gender.male} />
                  <Bar label="Female" percentage={audience.gender.female} />
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">Not reported</p>
              )}
            </section>
            <section aria-labelledby="locations-heading">
              <h3 id="locations-heading" className="mb-2 text-sm font-medium">
                Top locations
              </h3>
              <ul className="space-y-1.5" data-testid="audience-locations">
                {(expanded ? locations : locations.slice(0, TOP_LOCATIONS_SHOWN)).map((location) => (
                  <Bar key={location.country} label={location.country} percentage={location.percentage} />
                ))}
              </ul>
              {locations.length > TOP_LOCATIONS_SHOWN ? (
                <Button
                  variant="link"
                  size="sm"
                  className="mt-1 px-0"
                  aria-expanded={expanded}
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? "Show Less" : "Show More"}
                </Button>
              ) : null}
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
