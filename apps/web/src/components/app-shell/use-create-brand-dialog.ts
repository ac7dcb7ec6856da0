import { BRAND_NAME_REQUIRED, createBrandInput } from "@smm/domain/web";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import { useCreateActiveBrand } from "@/lib/brands";

import { SWITCH_TOAST_ID } from "./use-brand-switcher";

// Core spec section 9: success toasts 2000 ms, errors 4000 ms.
const SUCCESS_TOAST_MS = 2000;
const ERROR_TOAST_MS = 4000;

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
