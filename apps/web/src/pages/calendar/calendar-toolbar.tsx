import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  RotateCwIcon,
} from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

import { SIDEBAR_ID } from "./approved-sidebar";

/** The month's title, Today, previous and next month, and the button that shows or hides the approved list. */
export function CalendarToolbar({
  title,
  sidebarOpen,
  total,
  onToggleSidebar,
  onToday,
  onPrevious,
  onNext,
}: {
  title: string;
  sidebarOpen: boolean;
  total: number;
  onToggleSidebar: () => void;
  onToday: () => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        onClick={onToggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        data-testid="calendar-sidebar-toggle"
      >
        {sidebarOpen ? <PanelLeftCloseIcon aria-hidden="true" /> : <PanelLeftOpenIcon aria-hidden="true" />}
        {sidebarOpen ? "Hide Content" : "Show Content"}
        {!sidebarOpen && (
          <Badge variant="secondary" className="ml-0.5" data-testid="calendar-approved-badge">
            <span className="sr-only">(</span>
            {total}
            <span className="sr-only"> approved posts)</span>
          </Badge>
        )}
      </Button>
      <div className="ml-auto flex items-center gap-1">
        <Button variant="outline" onClick={onToday} data-testid="calendar-today">
          Today
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={onPrevious}
          data-testid="calendar-prev"
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={onNext}
          data-testid="calendar-next"
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
      <h2
        id="calendar-month-title"
        className="order-first w-full text-lg font-semibold tracking-tight sm:order-none sm:w-auto sm:min-w-40"
        aria-live="polite"
        data-testid="calendar-month-title"
      >
        {title}
      </h2>
    </div>
  );
}

export function CalendarLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="destructive" data-testid="calendar-error">
      <AlertTitle>Could not load the calendar</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <span>Check your connection and try again.</span>
        <Button variant="outline" size="sm" className="h-10" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
