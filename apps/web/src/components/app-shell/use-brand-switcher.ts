import { BRAND_NAME_REQUIRED, createBrandInput } from "@smm/domain/brands/schemas";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import { useActiveBrand, useBrands, useCreateActiveBrand, useSwitchBrand } from "@/lib/brands";

// Core spec section 9: success toasts 2000 ms, errors 4000 ms.
const SUCCESS_TOAST_MS = 2000;
const ERROR_TOAST_MS = 4000;
/** One "Switched to ..." toast at a time: a quick second switch replaces the first instead of stacking. */
const SWITCH_TOAST_ID = "brand-switched";

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

/** The New brand dialog: the name, checked with the domain's own schema, and the create with its toasts. */
export function useCreateBrandDialog(onOpenChange: (open: boolean) => void) {
  const navigate = useNavigate();
  const createBrand = useCreateActiveBrand();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  function setOpen(next: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!next && createBrand.isPending) return;
    if (!next) {
      setName("");
      setError(null);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createBrand.isPending) return;
    // The domain's own schema, so the form says exactly what the server would.
    const parsed = createBrandInput.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BRAND_NAME_REQUIRED);
      return;
    }
    setError(null);
    createBrand.mutate(parsed.data, {
      onSuccess: (brand) => {
        setName("");
        onOpenChange(false);
        toast.success(`Switched to ${brand.name}`, {
          id: SWITCH_TOAST_ID,
          duration: SUCCESS_TOAST_MS,
          description: "Your new brand is active. Set its colours and profile in Settings.",
          action: { label: "Settings", onClick: () => navigate("/settings") },
        });
      },
      onError: (failure) => {
        // A field problem goes next to the field; anything else is a failed action (UI.md). The name stays.
        const issue = failure instanceof ApiError ? failure.issues?.[0]?.message : undefined;
        if (issue) setError(issue);
        else toast.error(failure.message, { duration: ERROR_TOAST_MS });
      },
    });
  }

  return {
    name,
    error,
    creating: createBrand.isPending,
    changeName: (value: string) => {
      setName(value);
      if (error) setError(null);
    },
    setOpen,
    submit,
  };
}
