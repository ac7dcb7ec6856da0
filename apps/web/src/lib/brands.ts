import type {
  UpdateBrandFieldInput,
  UpdateBrandSettingsInput,
  UpdateCompanyProfileInput,
} from "@smm/domain/web";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { call, client, pathId } from "@/lib/api";

/*
 * Server state of the caller's brands, shared by the header switcher, the setup wizard and the settings
 * tabs. Every mutation refreshes the brand queries so all three stay in step; anything that depends on
 * the active brand (posts, usage) keys its queries under ["brand", id] and is dropped on a switch.
 */
export const brandKeys = {
  all: ["brands"] as const,
  list: () => [...brandKeys.all, "list"] as const,
  active: () => [...brandKeys.all, "active"] as const,
};

export function useBrands() {
  return useQuery({
    queryKey: brandKeys.list(),
    queryFn: async () => (await call(client.api.brands.$get())).brands,
  });
}

/** The active brand, or null for a user who has none yet (the setup wizard's cue). */
export function useActiveBrand() {
  return useQuery({
    queryKey: brandKeys.active(),
    queryFn: async () => (await call(client.api.brands.active.$get())).brand,
  });
}

function useInvalidateBrands() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: brandKeys.all });
  };
}

export function useCreateBrand() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: (input: { name: string }) => call(client.api.brands.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useSwitchBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandId: string) =>
      call(client.api.brands[":id"].activate.$post({ param: pathId(brandId) })),
    onSuccess: async () => {
      // Posts, usage and anything else scoped to the previous brand must not be shown for the new one.
      queryClient.removeQueries({ queryKey: ["brand"] });
      await queryClient.invalidateQueries({ queryKey: brandKeys.all });
    },
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: (brandId: string) => call(client.api.brands[":id"].$delete({ param: pathId(brandId) })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ["brand"] });
      await invalidate();
    },
  });
}

export function useUpdateBrandSettings() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ brandId, patch }: { brandId: string; patch: UpdateBrandSettingsInput }) =>
      call(client.api.brands[":id"].settings.$patch({ param: pathId(brandId), json: patch })),
    onSuccess: invalidate,
  });
}

export function useUpdateCompanyProfile() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: ({ brandId, patch }: { brandId: string; patch: UpdateCompanyProfileInput }) =>
      call(client.api.brands[":id"]["company-profile"].$patch({ param: pathId(brandId), json: patch })),
    onSuccess: invalidate,
  });
}

/** One field of the active brand (the assistant's updateBrandField, also usable by quick edits). */
export function useUpdateBrandField() {
  const invalidate = useInvalidateBrands();
  return useMutation({
    mutationFn: (input: UpdateBrandFieldInput) => call(client.api.brands.field.$post({ json: input })),
    onSuccess: invalidate,
  });
}

/**
 * Creates a brand from the header. The domain makes a new brand the active one, so, as on a switch,
 * whatever was cached for the previous brand is dropped.
 */
export function useCreateActiveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => call(client.api.brands.$post({ json: input })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ["brand"] });
      await queryClient.invalidateQueries({ queryKey: brandKeys.all });
    },
  });
}
