import { useState } from "react";
import { toast } from "sonner";

import { useActiveBrand, useBrands, useSwitchBrand } from "@/lib/brands";

// Core spec section 9: success toasts 2000 ms, errors 4000 ms.
const SUCCESS_TOAST_MS = 2000;
const ERROR_TOAST_MS = 4000;
/** One "Switched to ..." toast at a time: a quick second switch replaces the first instead of stacking. */
export const SWITCH_TOAST_ID = "brand-switched";

/**
 * The header's brand control: the brands, the active one (or the one a switch in flight goes to), the
 * switch with its toasts, and the New brand dialog's open state. The switcher only renders it.
 */
export function useBrandSwitcher() {
  const brands = useBrands();
  const activeBrand = useActiveBrand();
  const switchBrand = useSwitchBrand();
  const [createOpen, setCreateOpen] = useState(false);
  // Set when "New brand" is picked in the menu, so the closing menu leaves focus to the dialog.
  const [creatingFromMenu, setCreatingFromMenu] = useState(false);

  const list = brands.data ?? [];
  const active = activeBrand.data ?? list.find((brand) => brand.isActive) ?? list[0] ?? null;
  // While a switch is in flight the menu already marks the brand the user chose.
  const selectedId =
    switchBrand.isPending && switchBrand.variables ? switchBrand.variables : (active?.id ?? "");

  function switchTo(brandId: string) {
    if (!active || brandId === active.id || switchBrand.isPending) return;
    switchBrand.mutate(brandId, {
      onSuccess: (brand) => {
        toast.success(`Switched to ${brand.name}`, { id: SWITCH_TOAST_ID, duration: SUCCESS_TOAST_MS });
      },
      onError: (error) => {
        toast.error(error.message, { duration: ERROR_TOAST_MS });
      },
    });
  }

  return {
    list,
    active,
    selectedId,
    switching: switchBrand.isPending,
    switchTo,
    createOpen,
    setCreateOpen,
    openCreate: () => setCreateOpen(true),
    openCreateFromMenu: () => {
      setCreatingFromMenu(true);
      setCreateOpen(true);
    },
    /** The menu closing for the dialog keeps its focus away from the trigger once. */
    keepFocusForDialog: () => {
      if (!creatingFromMenu) return false;
      setCreatingFromMenu(false);
      return true;
    },
  };
}
