import {
  type AdSetView,
  type CampaignChangesInput,
  type CampaignListView,
  type CampaignStatusFilter,
  type CampaignView,
  type CreateAdSetInput,
  type CreateCampaignInput,
  formatMoney,
  type InsightRange,
} from "@smm/domain/web";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { call, callOptions, client, pathId } from "@/lib/api";

/*
 * The campaigns page's server state, under the brand's key so a brand switch drops it. Every write
 * refreshes the list (the spec: the list refreshes after a create).
 */

export type { AdSetView, CampaignListView, CampaignStatusFilter, CampaignView, InsightRange };

export interface CampaignFilters {
  range: InsightRange;
  status: CampaignStatusFilter;
  search: string;
}

const campaignsKey = (brandId: string) => ["brand", brandId, "campaigns"] as const;

export function useCampaignList(brandId: string, filters: CampaignFilters) {
  const search = filters.search.trim();
  return useQuery({
    queryKey: [...campaignsKey(brandId), "list", filters.range, filters.status, search] as const,
    queryFn: ({ signal }) =>
      call(
        client.api.campaigns.list.$post(
          { json: { range: filters.range, status: filters.status, ...(search ? { search } : {}) } },
          callOptions({ brandId, signal }),
        ),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdAccounts(brandId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsKey(brandId), "ad-accounts"] as const,
    queryFn: ({ signal }) =>
      call(client.api.campaigns["ad-accounts"].$get({}, callOptions({ brandId, signal }))),
    enabled,
    retry: false,
  });
}

function useCampaignWrite<I, O>(brandId: string, write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKey(brandId) }),
  });
}

export const useCreateCampaign = (brandId: string) =>
  useCampaignWrite(brandId, (json: CreateCampaignInput) =>
    call(client.api.campaigns.$post({ json }, callOptions({ brandId }))),
  );

export const useUpdateCampaign = (brandId: string) =>
  useCampaignWrite(brandId, ({ id, ...json }: CampaignChangesInput & { id: string }) =>
    call(client.api.campaigns[":id"].$patch({ param: pathId(id), json }, callOptions({ brandId }))),
  );

export const useDeleteCampaign = (brandId: string) =>
  useCampaignWrite(brandId, (id: string) =>
    call(client.api.campaigns[":id"].$delete({ param: pathId(id) }, callOptions({ brandId }))),
  );

export const useCreateAdSet = (brandId: string) =>
  useCampaignWrite(brandId, ({ campaignId, ...json }: CreateAdSetInput) =>
    call(
      client.api.campaigns[":id"]["ad-sets"].$post(
        { param: pathId(campaignId), json },
        callOptions({ brandId }),
      ),
    ),
  );

/** Minor units in the account's currency: the domain's one formatter (the spec: shown divided by 100). */
export { formatMoney };
