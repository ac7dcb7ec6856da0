import { CalendarDaysIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function CalendarPage() {
  return (
    <>
      <PageIntro description="Plan when each approved post goes out." />
      <EmptyState
        icon={CalendarDaysIcon}
        title="Nothing scheduled yet"
        description="Your approved, scheduled and published posts will appear here on a month calendar you can drag posts around."
        testId="calendar-empty"
      />
    </>
  );
}
