import { useEffect, useState } from "react";
import { toast } from "sonner";

import { useActiveBrand } from "@/lib/brands";
import { usePlan } from "@/lib/plan";
import {
  type CommunityFilters,
  type TemplateView,
  useCommunityTemplates,
  useCopyTemplate,
  useFavouriteTemplates,
  useToggleFavourite,
} from "@/lib/templates";

/** Community search waits for typing to pause (connections spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;
/** The favourites panel shows this many. */
export const FAVOURITES_SHOWN = 8;

const defaults: CommunityFilters = { search: "", category: "all", sort: "popular" };

/** The community library's state: the typed and the sent search, filters, favourites, copy, preview. */
export function useCommunityTemplatesPage() {
  const brandId = useActiveBrand().data?.id;
  const plan = usePlan();
  const [searchText, setSearchText] = useState("");
  const [filters, setFilters] = useState<CommunityFilters>(defaults);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [preview, setPreview] = useState<TemplateView | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => ({ ...f, search: searchText })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const community = useCommunityTemplates(filters);
  const favourites = useFavouriteTemplates();
  const toggle = useToggleFavourite();
  const copy = useCopyTemplate(brandId);

  const activeFilters =
    (searchText.trim() ? 1 : 0) + (filters.category !== "all" ? 1 : 0) + (filters.sort !== "popular" ? 1 : 0);

  const copyTemplate = (template: TemplateView, after?: () => void) =>
    copy.mutate(template.id, {
      onSuccess: (copied) => {
        toast.success(`"${copied.name}" copied to your templates`);
        after?.();
      },
      // Connections spec section 8: community copy failures are only logged.
      onError: (error) => console.error("Failed to copy template", error),
    });

  return {
    searchText,
    setSearchText,
    filters,
    setCategory: (category: CommunityFilters["category"]) => setFilters((f) => ({ ...f, category })),
    setSort: (sort: CommunityFilters["sort"]) => setFilters((f) => ({ ...f, sort })),
    clearAll: () => {
      setSearchText("");
      setFilters(defaults);
    },
    filtersOpen,
    toggleFilters: () => setFiltersOpen((open) => !open),
    activeFilters,
    community,
    favourites,
    isFree: plan.data?.type === "free",
    preview,
    setPreview,
    copyPending: copy.isPending,
    copyTemplate,
    // The preview's edit copies the template and closes the preview.
    copyFromPreview: () => preview && copyTemplate(preview, () => setPreview(null)),
    toggleFavourite: (template: TemplateView) =>
      toggle.mutate(
        { id: template.id, favourite: !template.isFavourite },
        { onError: (error) => console.error("Failed to change favourite", error) },
      ),
  };
}
