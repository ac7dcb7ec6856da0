import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";

import { ApiError, NETWORK_ERROR_MESSAGE } from "@/lib/api";
import {
  API_KEY_NAME_MAX,
  type ApiKeySummary,
  type CreatedApiKey,
  useApiKeys,
  useCreateApiKey,
  useDeleteApiKey,
} from "@/lib/api-keys";
import { copyText } from "@/lib/clipboard";
import { usePlan } from "@/lib/plan";

/*
 * The API keys card's state: the plan's API access, the key just made, the name form, the list and the
 * delete confirmation. Each hook belongs to one part of the card and is called where that part mounts, so
 * the keys are asked for only once the plan is known, as before the split.
 */

const COPIED_MS = 2_000;
const NAME_REQUIRED = "Enter a name for the key";
const NAME_TOO_LONG = `Use at most ${API_KEY_NAME_MAX} characters`;

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message || fallback;
  return fallback;
}

export function keyLabel(key: Pick<ApiKeySummary, "name">): string {
  return key.name?.trim() || "Unnamed key";
}

/** The card: the plan (which decides API access) and the key just created, shown once. */
export function useApiKeysCard() {
  const plan = usePlan();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // The server decides what the plan allows (the same rule it enforces on every key); the card only reads it.
  const apiAccess = plan.data?.capabilities.apiAccess === true;
  return {
    plan,
    apiAccess,
    created,
    showCreated: setCreated,
    forgetCreated: () => setCreated(null),
    errorText: errorMessage(plan.error, "Something went wrong. Please try again."),
    retry: () => void plan.refetch(),
  };
}

/** The secret, once: copying it, and focus on it when it appears. */
export function useNewKeySecret(created: CreatedApiKey) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const boxRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Focus moves to the new secret so keyboard and screen-reader users land on it.
    boxRef.current?.focus();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  async function copy() {
    try {
      await copyText(created.key);
    } catch {
      toast.error("Could not copy the key. Select it and copy it by hand.");
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return { copied, boxRef, copy: () => void copy() };
}

function validateName(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return NAME_REQUIRED;
  if (trimmed.length > API_KEY_NAME_MAX) return NAME_TOO_LONG;
  return null;
}

/** The name form: its check, shown on submit and then as the user types, and the create request. */
export function useCreateKeyForm(onCreated: (created: CreatedApiKey) => void) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), error: useId(), hint: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const problem = validateName(name);
    setError(problem);
    if (problem) return;
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setName("");
        onCreated(created);
      },
      // What was typed stays, so the user can fix it or try again.
      onError: (caught) =>
        toast.error(errorMessage(caught, "Could not create the API key. Please try again.")),
    });
  }

  function changeName(value: string) {
    setName(value);
    // Once shown, the error follows what is typed instead of waiting for the next submit.
    if (error) setError(validateName(value));
  }

  return { ids, name, error, creating: create.isPending, changeName, submit };
}

/** The user's keys and the one waiting for the delete confirmation. */
export function useKeysSection() {
  const keys = useApiKeys();
  const [toDelete, setToDelete] = useState<ApiKeySummary | null>(null);
  return {
    keys,
    errorText: errorMessage(keys.error, "Something went wrong. Please try again."),
    retry: () => void keys.refetch(),
    toDelete,
    askDelete: setToDelete,
    closeDelete: () => setToDelete(null),
  };
}

/** The delete confirmation: the request, and the dialog waiting for it before it closes. */
export function useDeleteKeyDialog(apiKey: ApiKeySummary | null, onClose: () => void) {
  const remove = useDeleteApiKey();
  // Keeps the last key's name on screen while the dialog animates out.
  const [shown, setShown] = useState(apiKey);
  if (apiKey && apiKey !== shown) setShown(apiKey);

  function changeOpen(open: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!open && !remove.isPending) onClose();
  }

  function confirm() {
    if (!apiKey) return;
    remove.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(`API key “${keyLabel(apiKey)}” deleted`);
        onClose();
      },
      onError: (caught) => {
        if (caught instanceof ApiError && caught.status === 404) {
          onClose();
          return;
        }
        toast.error(errorMessage(caught, "Could not delete the API key. Please try again."));
      },
    });
  }

  return { open: apiKey !== null, shown, deleting: remove.isPending, changeOpen, confirm };
}
