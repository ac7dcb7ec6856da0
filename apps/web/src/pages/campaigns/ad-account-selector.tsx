import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import { useAdAccounts } from "@/lib/campaigns";
import { connectFacebookChoice, connectionKeys } from "@/lib/connections";

/** Shown only when the ad token reaches more than one account (spec: Campaigns page). */
export function AdAccountSelector({ brandId, enabled }: { brandId: string; enabled: boolean }) {
  const accounts = useAdAccounts(brandId, enabled);
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const list = accounts.data?.accounts ?? [];
  if (list.length < 2) return null;
  const choose = async (id: string) => {
    setSwitching(true);
    try {
      await connectFacebookChoice("ads", id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["brand", brandId, "campaigns"] }),
        queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
      ]);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Failed to select ad account");
    } finally {
      setSwitching(false);
    }
  };
  return (
    <select
      aria-label="Ad account"
      className="h-10 rounded-md border bg-card px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      value={accounts.data?.selectedId ?? ""}
      disabled={switching}
      onChange={(event) => void choose(event.target.value)}
      data-testid="ad-account-selector"
    >
      {list.map((account) => (
        <option key={account.id} value={account.id}>
          {account.name} ({account.accountId} · {account.currency} · {account.statusText})
        </option>
      ))}
    </select>
  );
}
