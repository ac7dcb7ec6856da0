import {
  type TemplateCategory,
  type TemplateSort,
  templateCategories,
  templateCategoryLabels,
  templateSortLabels,
  templateSorts,
} from "@smm/domain/web";
import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { SelectOption } from "@/components/select-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * What the template screens share: the category and sort choices of their filters (and the form's
 * categories), a card's action button, and the list's states (failed, loading, empty, the grid). My Templates
 * and Community Templates filter and list the same templates, so they show them the same way.
 */

const categoryOptions: SelectOption<TemplateCategory>[] = templateCategories.map((category) => ({
  value: category,
  label: templateCategoryLabels[category],
}));

/** The category select's choices: a filter starts with "All Categories"; the form does not offer it. */
export const templateCategoryOptions = {
  filter: [{ value: "all", label: "All Categories" }, ...categoryOptions] as SelectOption<
    TemplateCategory | "all"
  >[],
  form: categoryOptions,
};

export const templateSortOptions: SelectOption<TemplateSort>[] = templateSorts.map((sort) => ({
  value: sort,
  label: templateSortLabels[sort],
}));

/** A small ghost button on a template card: its icon, then any text. */
export function TemplateCardAction({
  icon: Icon,
  iconClassName,
  children,
  ...props
}: ComponentProps<typeof Button> & { icon: LucideIcon; iconClassName?: string | undefined }) {
  return (
    <Button size="sm" variant="ghost" {...props}>
      <Icon className={iconClassName} aria-hidden="true" />
      {children}
    </Button>
  );
}

/** A template list's query as the screens read it (react-query's fields). */
interface ListState {
  isError: boolean;
  isPending: boolean;
  error: Error | null;
}

/** A template list: its error, three placeholders while it loads, the empty state, or the grid of cards. */
export function TemplateResults({
  state,
  count,
  empty,
  testId,
  children,
}: {
  state: ListState;
  count: number;
  empty: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  if (state.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>{state.error?.message}</AlertDescription>
      </Alert>
    );
  if (state.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-56 rounded-xl" />
        ))}
      </div>
    );
  if (count === 0) return <>{empty}</>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {children}
    </div>
  );
}
