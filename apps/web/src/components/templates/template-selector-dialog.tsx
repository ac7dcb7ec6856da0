import { HeartIcon } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { TemplateView } from "@/lib/templates";
import { type ChosenTemplate, useTemplateSelector } from "./use-template-selector";

/** Reference image thumbnails in the selector (connections spec section 9). */
const SELECTOR_IMAGES = 4;

type Selector = ReturnType<typeof useTemplateSelector>;

function TemplateRow({
  selector,
  template,
  community,
}: {
  selector: Selector;
  template: TemplateView;
  community?: boolean;
}) {
  const more = template.referenceImages.length - SELECTOR_IMAGES;
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border p-3"
      data-testid="selector-template"
      data-template-name={template.name}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{template.name}</p>
          {template.description && (
            <p className="line-clamp-2 text-sm text-muted-foreground">{template.description}</p>
          )}
        </div>
        <Button
          size="sm"
          onClick={() => selector.choose(template)}
          disabled={selector.applying}
          data-testid="selector-use"
        >
          Use
        </Button>
      </div>
      {template.referenceImages.length > 0 && (
        <div className="flex items-center gap-1.5">
          {template.referenceImages.slice(0, SELECTOR_IMAGES).map((image) => (
            <img key={image.id} src={image.url} alt="" className="size-10 rounded border object-cover" />
          ))}
          {more > 0 && <span className="text-xs text-muted-foreground">+{more}</span>}
        </div>
      )}
      {community && (
        <div className="flex gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => selector.toggleFavourite(template)}
            aria-pressed={template.isFavourite}
          >
            <HeartIcon
              className={template.isFavourite ? "fill-current text-rose-600" : undefined}
              aria-hidden="true"
            />
            {template.isFavourite ? "Favorited" : "Favorite"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => selector.copy(template)}
            data-testid="selector-copy"
          >
            Copy to My Templates
          </Button>
        </div>
      )}
    </li>
  );
}

function TemplateList({
  selector,
  query,
  list,
  empty,
  community,
}: {
  selector: Selector;
  query: { isPending: boolean; isError: boolean; error: Error | null };
  list: TemplateView[];
  empty: string;
  community?: boolean;
}) {
  if (query.isError) return <p className="text-sm text-destructive">{query.error?.message}</p>;
  if (query.isPending) return <Skeleton className="h-24" />;
  if (list.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-2">
      {list.map((template) => (
        <TemplateRow key={template.id} selector={selector} template={template} community={community} />
      ))}
    </ul>
  );
}

/** The generator's template selector (My Templates, Community, Favorites, one search). */
export function TemplateSelectorDialog({
  open,
  onClose,
  onChosen,
}: {
  open: boolean;
  onClose: () => void;
  onChosen: (chosen: ChosenTemplate) => void;
}) {
  const selector = useTemplateSelector((chosen) => {
    onChosen(chosen);
    onClose();
  });
  const searching = selector.search.trim() !== "";
  return (
    <Dialog open={open} onOpenChange={(value) => !value && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl" data-testid="template-selector">
        <DialogHeader>
          <DialogTitle>Choose a template</DialogTitle>
          <DialogDescription>The prompt is filled in with your brand's details.</DialogDescription>
        </DialogHeader>
        <Input
          type="search"
          aria-label="Search templates"
          placeholder="Search templates"
          value={selector.search}
          onChange={(e) => selector.setSearch(e.target.value)}
        />
        {selector.applyError && (
          <Alert variant="destructive">
            <AlertDescription>{selector.applyError}</AlertDescription>
          </Alert>
        )}
        <Tabs value={selector.tab} onValueChange={selector.setTab}>
          <TabsList className="w-full">
            <TabsTrigger value="mine">My Templates ({selector.mine.count})</TabsTrigger>
            <TabsTrigger value="community">Community</TabsTrigger>
            <TabsTrigger value="favourites">Favorites ({selector.favourites.count})</TabsTrigger>
          </TabsList>
          <TabsContent value="mine">
            <TemplateList
              selector={selector}
              query={selector.mine}
              list={selector.mine.list}
              empty={
                searching
                  ? "No templates match your search. Try clearing your search term."
                  : "No templates created yet. Create your first template!"
              }
            />
          </TabsContent>
          <TabsContent value="community">
            <TemplateList
              selector={selector}
              query={selector.community}
              list={selector.community.list}
              empty="No community templates found. Try different search terms."
              community
            />
          </TabsContent>
          <TabsContent value="favourites">
            <TemplateList
              selector={selector}
              query={selector.favourites}
              list={selector.favourites.list}
              empty="No favorite templates yet. Heart some community templates to see them here."
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
