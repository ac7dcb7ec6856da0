/*
 * The offline assistant's understanding of the AI agent's settings and the smart scheduling agent: "turn on
 * the scheduling agent", "set my target to 7 posts a week", "run the scheduling agent now", and the replies.
 */

import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

export type AgentTurnDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

const AGENT = String.raw`(?:smart\s+)?(?:scheduling|schedule|posting|auto(?:mated)?[\s-]?(?:scheduling|posting))\s+agent`;
const TURN_ON = new RegExp(
  String.raw`\b(?:turn|switch)\s+on\b.*\b${AGENT}\b|\b(?:enable|activate|start)\b.*\b${AGENT}\b|\b${AGENT}\s+on\b`,
);
const TURN_OFF = new RegExp(
  String.raw`\b(?:turn|switch)\s+off\b.*\b${AGENT}\b|\b(?:disable|deactivate|stop)\b.*\b${AGENT}\b|\b${AGENT}\s+off\b`,
);
const RUN_NOW = new RegExp(
  String.raw`\b(?:run|launch)\b.*\b${AGENT}\b|\bfill (?:my|the) (?:calendar|week)\b`,
);
const TARGET =
  /\b(?:target|goal|posts per week|weekly target)\b.*?\b(\d{1,2})\b.*?\b(?:posts?\b.*?\b)?(?:a|per|each|every)\s+week\b|\b(\d{1,2})\s+posts?\s+(?:a|per|each|every)\s+week\b/;
const SETTINGS =
  /\b(?:agent settings|my weekly target|what(?:'s| is) my (?:weekly )?target)\b|\bis (?:the|my) (?:scheduling )?agent (?:on|off|enabled)\b/;

/** The decision for an agent request, or null when the message is about something else. */
export function decideAgentTurn(lower: string, tools: OfferedTools): AgentTurnDecision | null {
  const cannot = (what: string) => ({ kind: "say" as const, text: `I can't ${what} in this version yet.` });
  if (TURN_OFF.test(lower)) {
    if (!tools.has("updateAgentSettings")) return cannot("change the agent settings");
    return {
      kind: "call",
      call: { toolName: "updateAgentSettings", input: { field: "scheduleAgentEnabled", value: false } },
    };
  }
  if (TURN_ON.test(lower)) {
    if (!tools.has("updateAgentSettings")) return cannot("change the agent settings");
    return {
      kind: "call",
      call: { toolName: "updateAgentSettings", input: { field: "scheduleAgentEnabled", value: true } },
    };
  }
  if (RUN_NOW.test(lower)) {
    if (!tools.has("runSchedulingAgent")) return cannot("run the scheduling agent");
    return { kind: "call", call: { toolName: "runSchedulingAgent", input: {} } };
  }
  const target = lower.match(TARGET);
  const count = target?.[1] ?? target?.[2];
  if (count && /\b(?:set|change|make|raise|lower|want)\b/.test(lower)) {
    if (!tools.has("updateAgentSettings")) return cannot("change the agent settings");
    return {
      kind: "call",
      call: { toolName: "updateAgentSettings", input: { field: "postsPerWeek", value: Number(count) } },
    };
  }
  if (SETTINGS.test(lower)) {
    if (!tools.has("getAgentSettings")) return cannot("read the agent settings");
    return { kind: "call", call: { toolName: "getAgentSettings", input: {} } };
  }
  return null;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function describeSettings(value: ToolOutput<"getAgentSettings">): string {
  const state = value.scheduleAgentEnabled ? "on" : "off";
  const plan = value.schedulingAgentAvailable ? "" : " (it needs the Enterprise plan)";
  return `The smart scheduling agent is ${state}${plan}. Your weekly target is ${plural(value.postsPerWeek, "post")} and your best posting time is ${value.bestPostTime}.`;
}

/** The reply after an agent tool ran, or null for other tools. */
export function describeAgentOutcome(
  toolName: ToolName,
  result: unknown,
  input: Record<string, unknown>,
): string | null {
  switch (toolName) {
    case "getAgentSettings":
      return describeSettings(result as ToolOutput<"getAgentSettings">);
    case "updateAgentSettings": {
      const value = result as ToolOutput<"updateAgentSettings">;
      if (input.field === "scheduleAgentEnabled")
        return input.value
          ? `The smart scheduling agent is on. It keeps the next 7 days at ${plural(value.postsPerWeek, "post")} a week and every post it writes waits for your approval.`
          : "The smart scheduling agent is off.";
      if (input.field === "postsPerWeek")
        return `Your weekly target is now ${plural(value.postsPerWeek, "post")} a week.`;
      return "Saved your agent settings.";
    }
    case "runSchedulingAgent": {
      const value = result as ToolOutput<"runSchedulingAgent">;
      const created = value.postsCreated;
      if (created === 0)
        return `Your next 7 days already hold your weekly target of ${plural(value.weeklyTarget, "post")}; nothing to add.`;
      const quota = value.stoppedByQuota ? " Your plan's post limit stopped it early." : "";
      return `The scheduling agent created ${plural(created, "post")} for the gap. They are waiting for your approval.${quota}`;
    }
    default:
      return null;
  }
}
