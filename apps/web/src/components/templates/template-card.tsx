import { templateCategoryLabels } from "@smm/domain/web";
import { HeartIcon } from "lucide-react";
import type * as React from "react";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { TemplateView } from "@/lib/templates";

/** How many tags and reference images a card shows before '+N' (connections spec section 9). */
const CARD_TAGS = 3;
const CARD_IMAGES = 3;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** One template as a card: the spec's fields, with the screen's own actions in the footer. */
export function TemplateCard({
  template,
  actions,
  showCreator = false,
}: {
  template: TemplateView;
  actions: React.ReactNode;
  showCreator?: boolean;
}) {
  const moreTags = template.tags.length - CARD_TAGS;
  const moreImages = template.referenceImages.length - CARD_IMAGES;
  return (
    <Card
      className="flex h-full flex-col gap-3"
      data-testid="template-card"
      data-template-name={template.name}
    >
      <CardHeader className="gap-1">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base leading-snug" data-testid="template-card-name">
            {template.name}
          </CardTitle>
          {template.isFavourite && (
            <span
              className="flex items-center gap-1 text-xs text-rose-600"
              data-testid="template-card-favorited"
            >
              <HeartIcon className="size-3.5 fill-current" aria-hidden="true" />
              Favorited
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <Badge variant="secondary">{templateCategoryLabels[template.category]}</Badge>
          <span data-testid="template-card-uses">{template.usageCount} uses</span>
          {showCreator && template.creatorName && <span>by {template.creatorName}</span>}
          {!showCreator && <span>{template.isPublic ? "Public" : "Private"}</span>}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {template.description && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{template.description}</p>
        )}
        {template.referenceImages.length > 0 && (
          <div className="flex items-center gap-1.5" data-testid="template-card-images">
            {template.referenceImages.slice(0, CARD_IMAGES).map((image) => (
              <img key={image.id} src={image.url} alt="" className="size-12 rounded-md border object-cover" />
            ))}
            {moreImages > 0 && <span className="text-xs text-muted-foreground">+{moreImages}</span>}
          </div>
        )}
        <div className="flex flex-wrap gap-1.5">
          {template.promptTemplate && <Badge variant="outline">Content Prompt</Badge>}
          {template.imagePromptTemplate && <Badge variant="outline">Image Prompt</Badge>}
          {template.tags.slice(0, CARD_TAGS).map((tag) => (
            <Badge key={tag} variant="secondary" className="font-normal">
              {tag}
            </Badge>
          ))}
          {moreTags > 0 && <Badge variant="secondary">+{moreTags}</Badge>}
        </div>
        <p className="mt-auto text-xs text-muted-foreground">Updated {formatDate(template.updatedAt)}</p>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-1.5">{actions}</CardFooter>
    </Card>
  );
}
