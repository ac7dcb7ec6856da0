/*
 * The offline assistant and brands (issue 20): a user without a brand is told that one is needed and can
 * create it in one sentence ("my brand is Sunny Scoops"); anyone can ask for another brand by name.
 */

import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

export type BrandTurnDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

export const NEEDS_BRAND_TEXT =
  "You don't have a brand yet, and your posts, templates and calendar all belong to one. Tell me its name, " +
  "for example “My brand is Sunny Scoops”, and I'll create it. You can also use the setup wizard.";

const trimName = (text: string) =>
  text
    .trim()
    .replace(/^["“'‘]+|["”'’.!?]+$/g, "")
    .trim();

/**
 * The brand a message names to be created: "create a (new) brand called X" always; without a brand also
 * "my brand is X", "our company is called X" and "call my brand X".
 */
export function findBrandToCreate(text: string, hasBrand: boolean): string | null {
  const explicit = text.match(
    /\b(?:create|add|make|start|set up)\s+(?:a\s+|my\s+|another\s+|one\s+more\s+)?(?:new\s+)?brand\s+(?:called\s+|named\s+)?(.+)$/i,
  );
  const named = hasBrand
    ? null
    : (text.match(
        /^(?:(?:hi|hello|hey)[,!.]?\s+)?(?:my|our)\s+(?:brand|company|business|shop|store)(?:'s name| name)?\s+is\s+(?:called\s+|named\s+)?(.+)$/i,
      ) ?? text.match(/^(?:please\s+)?(?:call|name)\s+(?:my|our|the)\s+brand\s+(.+)$/i));
  const name = trimName((explicit ?? named)?.[1] ?? "");
  return name && name.length <= 100 ? name : null;
}

/** Requests that need no brand: moving around, help and the plan. */
const WITHOUT_BRAND =
  /^(?:please\s+)?(?:go to|open|show me|take me to|navigate to)\b|\b(plan|upgrade|subscription|subscribe|checkout|billing|invoices?|pro|enterprise|delete my account)\b/;

/**
 * Decides a turn about brands, or returns null to let the other rules decide. Without a brand, anything
 * that needs one gets NEEDS_BRAND_TEXT instead of a tool call that could only fail.
 */
export function decideBrandTurn(
  text: string,
  ctx: { tools: OfferedTools; hasBrand?: boolean },
): BrandTurnDecision | null {
  const hasBrand = ctx.hasBrand !== false;
  const name = findBrandToCreate(text, hasBrand);
  if (name && ctx.tools.has("createBrand"))
    return { kind: "call", call: { toolName: "createBrand", input: { name } } };
  if (hasBrand) return null;
  const lower = text.toLowerCase();
  if (WITHOUT_BRAND.test(lower)) return null;
  const greeting = /^(hi|hello|hey|good (morning|afternoon|evening))\b/.test(lower) ? "Hello! " : "";
  return { kind: "say", text: `${greeting}${NEEDS_BRAND_TEXT}` };
}

/** The reply after a brand tool ran, or null for other tools. */
export function describeBrandOutcome(toolName: ToolName, result: unknown): string | null {
  if (toolName !== "createBrand") return null;
  const { name } = result as ToolOutput<"createBrand">;
  return `Done: your brand “${name}” is created and active. Say “create a post about …” and I'll write its first post, or add its colours and company profile in Settings.`;
}
