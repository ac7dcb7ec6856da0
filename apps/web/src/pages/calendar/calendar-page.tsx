import { DndContext, DragOverlay } from "@dnd-kit/core";
import type { Brand } from "@smm/domain/web";

import { NoBrandState } from "@/components/no-brand-state";
import { PageIntro } from "@/components/page-intro";
import { useActiveBrand } from "@/lib/brands";

import { ApprovedSidebar } from "./approved-sidebar";
import { announcements, collisionDetection, screenReaderInstructions } from "./calendar-drag";
import { CalendarLegend } from "./calendar-legend";
import { CalendarLoadError, CalendarToolbar } from "./calendar-toolbar";
import { MonthGrid, MonthGridSkeleton } from "./month-grid";
import { ChipFace } from "./post-chip";
import { DayPostsDialog, PostPreviewDialog } from "./post-preview-dialog";
import { useCalendarBoard } from "./use-calendar-board";

const DESCRIPTION = "Plan when each approved post goes out: drag it onto a day to schedule it at noon.";

export function CalendarPage() {
  const brand = useActiveBrand();
  if (brand.isPending) {
    return (
      <>
        <PageIntro description={DESCRIPTION} />
        <MonthGridSkeleton />
      </>
    );
  }
  if (!brand.data) {
    return (
      <>
        <PageIntro description={DESCRIPTION} />
        <NoBrandState purpose="Your approved posts are planned on this calendar" testId="calendar-empty" />
      </>
    );
  }
  return <CalendarBoard key={brand.data.id} brand={brand.data} />;
}

function CalendarBoard({ brand }: { brand: Brand }) {
  const board = useCalendarBoard(brand.id);
  return (
    <>
      <PageIntro description={DESCRIPTION} />
      <DndContext
        sensors={board.sensors}
        collisionDetection={collisionDetection}
        onDragStart={board.onDragStart}
        onDragEnd={board.onDragEnd}
        onDragCancel={board.onDragCancel}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div className="flex flex-col gap-4 md:flex-row md:items-start">
          {board.sidebarOpen && (
            <ApprovedSidebar
              {...board.sidebar}
              onOpenPost={board.openPreview}
              acceptsDrop={board.dragging?.state === "scheduled"}
            />
          )}

          <section className="flex min-w-0 flex-1 flex-col gap-4" aria-labelledby="calendar-month-title">
            <CalendarToolbar
              title={board.title}
              sidebarOpen={board.sidebarOpen}
              total={board.sidebar.total}
              onToggleSidebar={board.toggleSidebar}
              onToday={board.goToday}
              onPrevious={board.goPrevious}
              onNext={board.goNext}
            />

            {board.calendar.pending ? (
              <MonthGridSkeleton />
            ) : board.calendar.failed ? (
              <CalendarLoadError onRetry={board.calendar.retry} />
            ) : (
              <MonthGrid
                month={board.month}
                days={board.days}
                now={board.now}
                postsByDay={board.postsByDay}
                compact={!board.isDesktop}
                onOpenPost={board.openPreview}
                onOpenDay={board.setOpenDay}
              />
            )}

            <CalendarLegend />
          </section>
        </div>
        <DragOverlay dropAnimation={null}>
          {board.dragging ? <ChipFace post={board.dragging} overlay /> : null}
        </DragOverlay>
      </DndContext>

      <DayPostsDialog
        day={board.openDay}
        posts={board.dayPosts}
        onClose={board.closeDay}
        onOpenPost={board.openPostOfDay}
      />
      <PostPreviewDialog
        post={board.previewed}
        brand={brand}
        onClose={board.closePreview}
        unscheduling={board.unscheduling}
        onUnschedule={board.unschedule}
      />
    </>
  );
}
