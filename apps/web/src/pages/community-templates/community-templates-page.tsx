import { templatesEmptyText } from "@smm/domain/web";
import { CopyIcon, EyeIcon, FilterIcon, HeartIcon, SearchIcon, SparklesIcon, UsersIcon } from "lucide-react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";
import { SelectField } from "@/components/select-field";
import { TemplateCard } from "@/components/templates/template-card";
import {
  TemplateCardAction,
  TemplateResults,
  templateCategoryOptions,
  templateSortOptions,
} from "@/components/templates/template-list";
import { TemplatePreviewDialog } from "@/components/templates/template-preview-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { TemplateView } from "@/lib/templates";
import { FAVOURITES_SHOWN, useCommunityTemplatesPage } from "./use-community-templates-page";

type Page = ReturnType<typeof useCommunityTemplatesPage>;

function CardActions({ page, template }: { page: Page; template: TemplateView }) {
  return (
    <>
      <TemplateCardAction
        icon={HeartIcon}
        iconClassName={template.isFavourite ? "fill-current text-rose-600" : undefined}
        onClick={() => page.toggleFavourite(template)}
        aria-pressed={template.isFavourite}
        aria-label={
          template.isFavourite ? `Remove ${template.name} from favorites` : `Favorite ${template.name}`
        }
        data-testid="community-favourite"
      />
      <TemplateCardAction
        icon={CopyIcon}
        onClick={() => page.copyTemplate(template)}
        disabled={page.copyPending}
        data-testid="community-copy"
      >
        Copy
      </TemplateCardAction>
      <TemplateCardAction
        icon={EyeIcon}
        onClick={() => page.setPreview(template)}
        aria-label={`Preview ${template.name}`}
      />
    </>
  );
}

function Filters({ page }: { page: Page }) {
  return (
    <div className="mb-6 space-y-3 rounded-xl border bg-card p-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search community templates"
            placeholder="Search community templates"
            className="pl-8"
            value={page.searchText}
            onChange={(e) => page.setSearchText(e.target.value)}
            data-testid="community-search"
          />
        </div>
        <Button
          variant="outline"
          onClick={page.toggleFilters}
          aria-expanded={page.filtersOpen}
          data-testid="community-filters-toggle"
        >
          <FilterIcon aria-hidden="true" />
          Filters{page.activeFilters > 0 ? ` (${page.activeFilters})` : ""}
        </Button>
      </div>
      {page.filtersOpen && (
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <SelectField
            id="community-category"
            label="Category"
            value={page.filters.category}
            options={templateCategoryOptions.filter}
            onChange={page.setCategory}
          />
          <SelectField
            id="community-sort"
            label="Sort"
            value={page.filters.sort}
            options={templateSortOptions}
            onChange={page.setSort}
          />
          <Button variant="ghost" onClick={page.clearAll}>
            Clear All
          </Button>
        </div>
      )}
    </div>
  );
}

function Favourites({ page }: { page: Page }) {
  const list = page.favourites.data ?? [];
  return (
    <section
      className="mb-8 space-y-3"
      aria-labelledby="community-favourites-title"
      data-testid="community-favourites"
    >
      <h2 id="community-favourites-title" className="text-lg font-semibold">
        My Favorites ({list.length})
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No favorite templates yet. Heart some community templates to see them here.
        </p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {list.slice(0, FAVOURITES_SHOWN).map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                showCreator
                actions={<CardActions page={page} template={template} />}
              />
            ))}
          </div>
          {list.length > FAVOURITES_SHOWN && (
            <p className="text-sm text-muted-foreground">
              Showing {FAVOURITES_SHOWN} of {list.length} favorites
            </p>
          )}
        </>
      )}
    </section>
  );
}

export function CommunityTemplatesPage() {
  const page = useCommunityTemplatesPage();
  const list = page.community.data?.templates ?? [];
  return (
    <>
      <PageIntro description="Templates shared by other creators, to copy and make your own." />
      {page.isFree && (
        <Alert className="mb-6" data-testid="community-upgrade-banner">
          <SparklesIcon aria-hidden="true" />
          <AlertTitle>Unlock More Templates</AlertTitle>
          <AlertDescription className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            Premium community templates need a Pro or Enterprise plan.
            <Button asChild size="sm">
              <Link to="/subscription">Upgrade</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <Filters page={page} />
      <Favourites page={page} />
      <h2 className="mb-3 text-lg font-semibold">Community Templates</h2>
      <TemplateResults
        state={page.community}
        count={list.length}
        empty={
          <EmptyState
            icon={UsersIcon}
            {...templatesEmptyText({ ...page.filters, community: true })}
            testId="community-templates-empty"
          />
        }
        testId="community-grid"
      >
        {list.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            showCreator
            actions={<CardActions page={page} template={template} />}
          />
        ))}
      </TemplateResults>
      <TemplatePreviewDialog
        template={page.preview}
        onClose={() => page.setPreview(null)}
        action={
          <Button
            onClick={page.copyFromPreview}
            disabled={page.copyPending}
            data-testid="community-preview-edit"
          >
            Copy and edit
          </Button>
        }
      />
    </>
  );
}
