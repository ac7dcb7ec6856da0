import {
  AGENT_SETTINGS_UPDATE_FAILED,
  type AgentSettingField,
  agentSettingValues,
  type UpdateAgentSettingsInput,
} from "@smm/domain/web";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import {
  type AgentSettingsView,
  browserTimeZone,
  useAgentSettings,
  useUpdateAgentSettings,
} from "@/lib/agent";
import { ApiError } from "@/lib/api";

/** Fields typed into a text box: kept as typed until saved (on blur or Enter). */
export type TypedField =
  | "postsPerWeek"
  | "bestPostTime"
  | "imageStyle"
  | "responseTime"
  | "defaultResponse"
  | "autoResponseTopics";

const toText = (settings: AgentSettingsView, field: TypedField): string => {
  const value = settings[field];
  return Array.isArray(value) ? value.join(", ") : String(value);
};

const fromText = (field: TypedField, text: string): unknown => {
  if (field === "postsPerWeek" || field === "responseTime")
    return text.trim() === "" ? Number.NaN : Number(text);
  if (field === "autoResponseTopics")
    return text
      .split(",")
      .map((topic) => topic.trim())
      .filter(Boolean);
  return text;
};

/**
 * The Agent Settings form: each field is saved on its own (connections spec), checked first with the
 * domain's own schema; a refused save shows 'Failed to update agent settings' and keeps what was typed.
 * Another tab's change arrives through the settings query; a field being edited keeps its draft.
 */
export function useAgentSettingsForm() {
  const settings = useAgentSettings();
  const update = useUpdateAgentSettings();
  const [drafts, setDrafts] = useState<Partial<Record<TypedField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<AgentSettingField, string>>>({});
  const zoneSynced = useRef(false);

  // The agent's day and week are the user's: the browser's zone is saved once it differs.
  useEffect(() => {
    const zone = browserTimeZone();
    if (!settings.data || zoneSynced.current || !zone || settings.data.timeZone === zone) return;
    zoneSynced.current = true;
    update.mutate({ field: "timeZone", value: zone });
  }, [settings.data, update]);

  const save = (input: UpdateAgentSettingsInput, onSaved?: () => void) => {
    setErrors((current) => ({ ...current, [input.field]: undefined }));
    update.mutate(input, {
      onSuccess: onSaved,
      onError: (error) => {
        const reason = error instanceof ApiError && error.status === 403 ? error.message : undefined;
        toast.error(AGENT_SETTINGS_UPDATE_FAILED, reason ? { description: reason } : undefined);
      },
    });
  };

  const textOf = (field: TypedField) => drafts[field] ?? (settings.data ? toText(settings.data, field) : "");
  const edit = (field: TypedField, text: string) => setDrafts((current) => ({ ...current, [field]: text }));
  const clearDraft = (field: TypedField) =>
    setDrafts((current) => {
      const { [field]: _done, ...rest } = current;
      return rest;
    });

  const commit = (field: TypedField) => {
    const text = drafts[field];
    if (text === undefined || !settings.data || text === toText(settings.data, field)) {
      clearDraft(field);
      return;
    }
    const parsed = agentSettingValues[field].safeParse(fromText(field, text));
    if (!parsed.success) {
      setErrors((current) => ({ ...current, [field]: parsed.error.issues[0]?.message ?? "Invalid value" }));
      return;
    }
    save({ field, value: parsed.data } as UpdateAgentSettingsInput, () => clearDraft(field));
  };

  const toggle = (field: "scheduleAgentEnabled" | "chatAgentEnabled", value: boolean) =>
    save({ field, value });
  const choose = (field: "contentStyle" | "chatStyle", value: string) => {
    const parsed = agentSettingValues[field].safeParse(value);
    if (parsed.success) save({ field, value: parsed.data } as UpdateAgentSettingsInput);
  };

  return { settings, textOf, edit, commit, toggle, choose, errors, saving: update.isPending };
}

export type AgentSettingsForm = ReturnType<typeof useAgentSettingsForm>;
