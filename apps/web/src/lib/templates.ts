import type {
  CreateTemplateInput,
  EnhanceContentResult,
  MediaView,
  TemplateCategory,
  TemplateDraft,
  TemplateImageView,
  TemplateSort,
  TemplateView,
} from "@smm/domain/web";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { ApiError, call, callOptions, client, pathId } from "@/lib/api";

export type { TemplateCategory, TemplateDraft, TemplateImageView, TemplateSort, TemplateView };

export const UPLOAD_FAILED = "Failed to upload image";
export const ENHANCE_PROMPT_FAILED = "Failed to enhance prompt";

/*
 * The template library's server state. Every change invalidates all template lists (own, community,
 * favourites): a published, copied or hearted template shows up in the others at once.
 */
export const templateKeys = {
  all: ["templates"] as const,
  mine: (brandId: string, filters: MyTemplateFilters) => ["templates", "mine", brandId, filters] as const,
  community: (filters: CommunityFilters) => ["templates", "community", filters] as const,
  favourites: () => ["templates", "favourites"] as const,
};

export interface MyTemplateFilters {
  search: string;
  category: TemplateCategory | "all";
}

export interface CommunityFilters {
  search: string;
  category: TemplateCategory | "all";
  sort: TemplateSort;
}

export function useMyTemplates(brandId: string | undefined, filters: MyTemplateFilters) {
  return useQuery({
    queryKey: templateKeys.mine(brandId ?? "", filters),
    enabled: Boolean(brandId),
    queryFn: async ({ signal }) => {
      const query = {
        ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
        ...(filters.category !== "all" ? { category: filters.category } : {}),
      };
      return (await call(client.api.templates.$get({ query }, callOptions({ brandId, signal })))).templates;
    },
  });
}

export function useCommunityTemplates(filters: CommunityFilters) {
  return useQuery({
    queryKey: templateKeys.community(filters),
    queryFn: async ({ signal }) => {
      const query = {
        sort: filters.sort,
        ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
        ...(filters.category !== "all" ? { category: filters.category } : {}),
      };
      return call(client.api.templates.community.$get({ query }, callOptions({ signal })));
    },
    placeholderData: (previous) => previous,
  });
}

export function useFavouriteTemplates() {
  return useQuery({
    queryKey: templateKeys.favourites(),
    queryFn: async ({ signal }) =>
      (await call(client.api.templates.favourites.$get({}, callOptions({ signal })))).templates,
  });
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.all });
}

/** Saves the form: a new template without an id, else the changes to the caller's own one. */
export function useSaveTemplate(brandId: string | undefined) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: CreateTemplateInput }) =>
      id
        ? call(client.api.templates[":id"].$patch({ param: pathId(id), json: values }))
        : call(client.api.templates.$post({ json: values }, callOptions({ brandId }))),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) => call(client.api.templates[":id"].$delete({ param: pathId(id) })),
    onSuccess: invalidate,
  });
}

export function useSetTemplateVisibility() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      call(client.api.templates[":id"].visibility.$post({ param: pathId(id), json: { isPublic } })),
    onSuccess: invalidate,
  });
}

export function useDuplicateTemplate() {
  return useMutation({
    mutationFn: (id: string) => call(client.api.templates[":id"].duplicate.$post({ param: pathId(id) })),
  });
}

export function useCopyTemplate(brandId: string | undefined) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) =>
      call(client.api.templates[":id"].copy.$post({ param: pathId(id) }, callOptions({ brandId }))),
    onSuccess: invalidate,
  });
}

export function useToggleFavourite() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async ({ id, favourite }: { id: string; favourite: boolean }): Promise<void> => {
      if (favourite) await call(client.api.templates[":id"].favourite.$post({ param: pathId(id) }));
      else await call(client.api.templates[":id"].favourite.$delete({ param: pathId(id) }));
    },
    onSuccess: invalidate,
  });
}

export function useApplyTemplate(brandId: string | undefined) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) =>
      call(client.api.templates[":id"].apply.$post({ param: pathId(id) }, callOptions({ brandId }))),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/templates/images (multipart, field "file"): the stored reference image with its signed link.
 * A refused file carries the server's text ('Invalid file: {filename}. Please use images under 5MB.');
 * anything else (network, session) is the spec's 'Failed to upload image'.
 */
export async function uploadTemplateImage(file: File, brandId: string | undefined): Promise<MediaView> {
  const form = new FormData();
  form.append("file", file);
  try {
    return await call(
      client.api.templates.images.$post(undefined, { ...callOptions({ brandId }), init: { body: form } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === "invalid_input") throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 0, "upload_failed", UPLOAD_FAILED);
  }
}

/** The template form's Enhance: only prompt_template and image_prompt_template (connections spec). */
export function enhanceTemplatePrompt(
  fieldName: "prompt_template" | "image_prompt_template",
  currentValue: string,
  brandId: string | undefined,
): Promise<EnhanceContentResult> {
  return call(
    client.api["enhance-content"].$post(
      { json: { fieldName, currentValue, context: "Template form" } },
      callOptions({ brandId }),
    ),
  );
}
