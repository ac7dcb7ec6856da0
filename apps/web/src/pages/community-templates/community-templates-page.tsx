import {
  templateCategories,
  templateCategoryLabels,
  templateSortLabels,
  templateSorts,
  templatesEmptyText,
} from "@smm/domain/templates/schemas";
import { CopyIcon, EyeIcon, FilterIcon, HeartIcon, SearchIcon, SparklesIcon, UsersIcon } from "lucide-react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";
import { TemplateCard } from "@/components/templates/template-card";
import { TemplatePreviewDialog } from "@/components/templates/template-preview-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import type { CommunityFilters, TemplateView } from "@/lib/templates";
import { FAVOURITES_SHOWN, useCommunityTemplatesPage } from "./use-community-templates-page";

type Page = ReturnType<typeof useCommunityTemplatesPage>;

function CardActions({ page, template }: { page: Page; template: TemplateView }) {
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => page.toggleFavourite(template)}
        aria-pressed={template.isFavourite}
        aria-label={
          template.isFavourite ? `Remove ${template.name} from favorites` : `Favorite ${template.name}`
        }
        data-testid="community-favourite"
      >
        <HeartIcon
          className={template.isFavourite ? "fill-current text-rose-600" : undefined}
          aria-hidden="true"
        />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => page.copyTemplate(template)}
        disabled={page.copyPending}
        data-testid="community-copy"
      >
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => page.setPreview(template)}
        aria-label={`Preview ${template.name}`}
      >
        <EyeIcon aria-hidden="true" />
      </Button>
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
          <div className="space-y-1.5">
            <Label htmlFor="community-category">Category</Label>
            <Select
              value={page.filters.category}
              onValueChange={(v) => page.setCategory(v as CommunityFilters["category"])}
            >
              <SelectTrigger id="community-category" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All Categories</SelectItem>
                {templateCategories.map((category) => (
                  <SelectItem key={category} value={category}>
                    {templateCategoryLabels[category]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="community-sort">Sort</Label>
            <Select
              value={page.filters.sort}
              onValueChange={(v) => page.setSort(v as CommunityFilters["sort"])}
            >
              <SelectTrigger id="community-sort" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {templateSorts.map((sort) => (
                  <SelectItem key={sort} value={sort}>
                    {templateSortLabels[sort]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
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
      {page.community.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{page.community.error.message}</AlertDescription>
        </Alert>
      ) : page.community.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          {...templatesEmptyText({ ...page.filters, community: true })}
          testId="community-templates-empty"
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="community-grid">
          {list.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              showCreator
              actions={<CardActions page={page} template={template} />}
            />
          ))}
        </div>
      )}
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
