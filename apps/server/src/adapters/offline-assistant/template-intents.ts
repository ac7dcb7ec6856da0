/*
 * The offline assistant's understanding of template requests: the library, the community, favourites and
 * generating from a template. Templates are named by the user ("the Product launch template"); the name
 * is looked up among the templates the conversation has already shown.
 */

import type { OfferedTools, ToolCallIntent, ToolName, ToolOutput } from "./tool-call";

/** A template the conversation has shown (a list or a single result), newest first. */
export interface KnownTemplate {
  id: string;
  name: string;
}

interface TemplateTurn {
  tools: OfferedTools;
  templates?: readonly KnownTemplate[];
}

type Decision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

const WHICH_TEMPLATE =
  "Which template? Say “show my templates” or “find community templates about a product launch” first, then name it.";

const say = (text: string): Decision => ({ kind: "say", text });
const call = (toolName: ToolName, input: Record<string, unknown>): Decision => ({
  kind: "call",
  call: { toolName, input },
});

/** The template the text names (quoted, or "the X template"), among the known ones; else the newest. */
export function pickTemplate(text: string, known: readonly KnownTemplate[]): KnownTemplate | null {
  const lower = text.toLowerCase();
  const quoted = text
    .match(/["“'‘]([^"”'’]+)["”'’]/)?.[1]
    ?.trim()
    .toLowerCase();
  const named = quoted ?? lower.match(/\bthe\s+(.+?)\s+template\b/)?.[1]?.trim();
  if (named) {
    const exact = known.find((t) => t.name.toLowerCase() === named);
    const partial = known.find((t) => t.name.toLowerCase().includes(named));
    if (exact ?? partial) return exact ?? partial ?? null;
    // A name the conversation has not shown: not a guess at another template.
    if (!/^(?:first|last|this|that|same)$/.test(named)) return null;
  }
  const byName = known.find((t) => lower.includes(t.name.toLowerCase()));
  return byName ?? known[0] ?? null;
}

function withTemplate(
  text: string,
  ctx: TemplateTurn,
  toolName: ToolName,
  extra: Record<string, unknown> = {},
): Decision {
  if (!ctx.tools.has(toolName)) return say("I can't do that with templates in this version yet.");
  const template = pickTemplate(text, ctx.templates ?? []);
  if (!template) return say(WHICH_TEMPLATE);
  return call(toolName, { templateId: template.id, ...extra });
}

const stripped = (value: string) =>
  value
    .trim()
    .replace(/^["“'‘]+|["”'’.!?]+$/g, "")
    .trim();

/** A template request, or null when the text is about something else. */
export function decideTemplateTurn(text: string, ctx: TemplateTurn): Decision | null {
  const lower = text.toLowerCase();
  if (!/\btemplates?\b|\bfavou?rites\b/.test(lower)) return null;

  if (/\b(?:create|generate|make|write)\b.*\bpost\b.*\b(?:from|with|using)\b.*\btemplate\b/.test(lower))
    return withTemplate(text, ctx, "generatePost");
  if (/\b(?:use|apply)\b.*\btemplate\b/.test(lower)) return withTemplate(text, ctx, "applyTemplate");
  if (/\b(?:un-?favou?rite|unheart|remove)\b.*\b(?:favou?rites?|template)\b/.test(lower))
    return withTemplate(text, ctx, "unfavouriteTemplate");
  if (
    /\b(?:favou?rite|heart|save)\b.*\btemplate\b.*\b(?:to|as|in)\b.*\bfavou?rites?\b|\b(?:favou?rite|heart)\s+(?:the|that|this)\b/.test(
      lower,
    )
  )
    return withTemplate(text, ctx, "favouriteTemplate");
  if (/\b(?:show|list|see|what are)\b.*\bfavou?rites?\b/.test(lower))
    return ctx.tools.has("listFavourites") ? call("listFavourites", {}) : null;
  if (/\bcopy\b.*\btemplate\b/.test(lower)) return withTemplate(text, ctx, "copyCommunityTemplate");
  if (/\bduplicate\b.*\btemplate\b/.test(lower)) return withTemplate(text, ctx, "duplicateTemplate");
  if (/\bdelete\b.*\btemplate\b/.test(lower)) return withTemplate(text, ctx, "deleteTemplate");
  if (/\btemplate\b.*\bprivate\b|\bunshare\b.*\btemplate\b/.test(lower))
    return withTemplate(text, ctx, "setTemplateVisibility", { isPublic: false });
  if (/\btemplate\b.*\bpublic\b|\bshare\b.*\btemplate\b.*\bcommunity\b|\bpublish\b.*\btemplate\b/.test(lower))
    return withTemplate(text, ctx, "setTemplateVisibility", { isPublic: true });
  const rename = text.match(/\brename\b.*\btemplate\b.*?\bto\s+(.+)$/i);
  if (rename?.[1]) return withTemplate(text, ctx, "updateTemplate", { name: stripped(rename[1]) });

  const create = text.match(
    /\b(?:create|make|save|add|start)\s+(?:me\s+)?(?:an?\s+)?(?:new\s+)?template\b(?:\s+(?:called|named)\s+(.+?))?(?:\s*[:—-]\s*(.+))?$/i,
  );
  if (create) {
    if (!ctx.tools.has("createTemplate")) return null;
    const input: Record<string, unknown> = {};
    if (create[1]) input.name = stripped(create[1]);
    if (create[2]) input.promptTemplate = create[2].trim();
    return call("createTemplate", input);
  }

  if (/\b(?:community|shared|public)\b.*\btemplates\b|\b(?:find|search)\b.*\btemplates?\b/.test(lower)) {
    if (!ctx.tools.has("searchCommunityTemplates")) return null;
    const search = stripped(text.match(/\btemplates?\b.*?\b(?:about|for|on|with)\s+(.+)$/i)?.[1] ?? "");
    return call("searchCommunityTemplates", search ? { search, sort: "popular" } : { sort: "popular" });
  }
  if (/\b(?:show|list|see|what are)\b.*\b(?:my\s+)?templates\b/.test(lower))
    return ctx.tools.has("listTemplates") ? call("listTemplates", {}) : null;
  if (/\b(?:show|open|read|describe)\b.*\btemplate\b/.test(lower))
    return withTemplate(text, ctx, "getTemplate");
  return null;
}

/** A template as the listing tools answer it (their declared output). */
type ListedTemplate = ToolOutput<"listTemplates">["templates"][number];

const nameOf = (template: { name: string }) => `“${template.name}”`;

function describeList(list: readonly ListedTemplate[], empty: string, intro: string): string {
  if (list.length === 0) return empty;
  const lines = list.slice(0, 5).map((t, index) => {
    const by = t.creatorName ? ` by ${t.creatorName}` : "";
    return `${index + 1}. ${t.name}${by}, ${t.usageCount} uses`;
  });
  const more = list.length > 5 ? `\n…and ${list.length - 5} more.` : "";
  return `${intro}\n${lines.join("\n")}${more}\n\nSay “use the … template” to write from one.`;
}

/**
 * The reply after a template tool ran, or null for other tools. The result is read as its tool's declared
 * output, so a renamed field fails the type check instead of reading as missing.
 */
export function describeTemplateOutcome(toolName: ToolName, result: unknown): string | null {
  switch (toolName) {
    case "listTemplates":
      return describeList(
        (result as ToolOutput<"listTemplates">).templates,
        "No templates created yet. Create your first template!",
        "Your templates:",
      );
    case "searchCommunityTemplates":
      return describeList(
        (result as ToolOutput<"searchCommunityTemplates">).templates,
        "No community templates found. Try different search terms.",
        "Community templates I found:",
      );
    case "listFavourites":
      return describeList(
        (result as ToolOutput<"listFavourites">).templates,
        "No favorite templates yet. Heart some community templates to see them here.",
        "Your favourite templates:",
      );
    case "getTemplate": {
      const template = result as ToolOutput<"getTemplate">;
      return `${nameOf(template)}: ${template.promptTemplate ?? "no content prompt"}`;
    }
    case "createTemplate":
      return `I saved the template ${nameOf(result as ToolOutput<"createTemplate">)}. You can edit it on the Templates page.`;
    case "updateTemplate":
      return `I updated the template ${nameOf(result as ToolOutput<"updateTemplate">)}.`;
    case "deleteTemplate":
      return "The template is deleted.";
    case "duplicateTemplate":
      return `Here is an unsaved copy, ${nameOf(result as ToolOutput<"duplicateTemplate">)}. Open the Templates page to save it.`;
    case "setTemplateVisibility": {
      const template = result as ToolOutput<"setTemplateVisibility">;
      return template.isPublic
        ? `${nameOf(template)} is now shared in the community library.`
        : `${nameOf(template)} is now private.`;
    }
    case "copyCommunityTemplate":
      return `I copied ${nameOf(result as ToolOutput<"copyCommunityTemplate">)} to your templates.`;
    case "favouriteTemplate":
      return `${nameOf(result as ToolOutput<"favouriteTemplate">)} is in your favourites.`;
    case "unfavouriteTemplate":
      return "I removed it from your favourites.";
    case "applyTemplate": {
      const { template, prompt } = result as ToolOutput<"applyTemplate">;
      return `Here is ${nameOf(template)} filled in for your brand:\n\n${prompt}\n\nSay “create a post from the ${template.name} template” to generate it.`;
    }
    default:
      return null;
  }
}

/** Templates the tool results of a conversation show, newest first (for "the X template"). */
export function knownTemplatesOf(results: Iterable<Record<string, unknown>>): KnownTemplate[] {
  const known: KnownTemplate[] = [];
  const add = (value: unknown) => {
    const t = value as Record<string, unknown> | null;
    if (t && typeof t.id === "string" && typeof t.name === "string" && "promptTemplate" in t)
      known.push({ id: t.id, name: t.name });
  };
  for (const value of results) {
    if (Array.isArray(value.templates)) for (const t of value.templates) add(t);
    else if (value.template && typeof value.template === "object") add(value.template);
    else add(value);
  }
  return known;
}
