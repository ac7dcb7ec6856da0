import { useEffect, useState } from "react";

import { useActiveBrand } from "@/lib/brands";
import {
  type TemplateView,
  useApplyTemplate,
  useCommunityTemplates,
  useCopyTemplate,
  useFavouriteTemplates,
  useMyTemplates,
  useToggleFavourite,
} from "@/lib/templates";

export type SelectorTab = "mine" | "community" | "favourites";

/** What choosing a template gives the generator: its prompts filled in for the brand. */
export interface ChosenTemplate {
  templateId: string;
  name: string;
  prompt: string;
  imagePrompt: string | null;
}

const SEARCH_DEBOUNCE_MS = 500;

const matches = (template: TemplateView, words: string) =>
  `${template.name} ${template.description ?? ""} ${template.tags.join(" ")}`.toLowerCase().includes(words);

/** The generator's template selector: the three tabs, one search, choose, copy, favourite. */
export function useTemplateSelector(onChosen: (chosen: ChosenTemplate) => void) {
  const brandId = useActiveBrand().data?.id;
  const [tab, setTab] = useState<SelectorTab>("mine");
  const [search, setSearch] = useState("");
  const [sentSearch, setSentSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSentSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const mine = useMyTemplates(brandId, { search: "", category: "all" });
  const community = useCommunityTemplates({ search: sentSearch, category: "all", sort: "popular" });
  const favourites = useFavouriteTemplates();
  const apply = useApplyTemplate(brandId);
  const copy = useCopyTemplate(brandId);
  const favourite = useToggleFavourite();
  const words = search.trim().toLowerCase();

  return {
    tab,
    setTab: (value: string) => setTab(value as SelectorTab),
    search,
    setSearch,
    mine: {
      ...mine,
      list: (mine.data ?? []).filter((t) => matches(t, words)),
      count: mine.data?.length ?? 0,
    },
    community: { ...community, list: community.data?.templates ?? [] },
    favourites: {
      ...favourites,
      list: (favourites.data ?? []).filter((t) => matches(t, words)),
      count: favourites.data?.length ?? 0,
    },
    applyError: apply.error?.message ?? null,
    applying: apply.isPending,
    choose: (template: TemplateView) =>
      apply.mutate(template.id, {
        onSuccess: (applied) =>
          onChosen({
            templateId: template.id,
            name: template.name,
            prompt: applied.prompt,
            imagePrompt: applied.imagePrompt,
          }),
      }),
    // Copying in the Community tab switches to My Templates, where the copy now is.
    copy: (template: TemplateView) =>
      copy.mutate(template.id, {
        onSuccess: () => setTab("mine"),
        onError: (error) => console.error("Failed to copy template", error),
      }),
    toggleFavourite: (template: TemplateView) =>
      favourite.mutate(
        { id: template.id, favourite: !template.isFavourite },
        { onError: (error) => console.error("Failed to change favourite", error) },
      ),
  };
}
