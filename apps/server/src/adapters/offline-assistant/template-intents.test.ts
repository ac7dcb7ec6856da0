import type { ToolName } from "@smm/tools";
import { describe, expect, it } from "vitest";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";
import { knownTemplatesOf } from "./template-intents";

const TOOLS = new Set<ToolName>([
  "listTemplates",
  "getTemplate",
  "createTemplate",
  "updateTemplate",
  "deleteTemplate",
  "duplicateTemplate",
  "setTemplateVisibility",
  "searchCommunityTemplates",
  "copyCommunityTemplate",
  "favouriteTemplate",
  "unfavouriteTemplate",
  "listFavourites",
  "applyTemplate",
  "generatePost",
  "navigateTo",
  "showImage",
]);
const launch = { id: "11111111-1111-4111-8111-111111111111", name: "Product Launch Announcement" };
const event = { id: "22222222-2222-4222-8222-222222222222", name: "Event Invitation" };
const ctx = (templates = [launch, event]): TurnContext => ({
  tools: TOOLS,
  now: new Date("2026-11-23T15:00:00.000Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
  templates,
});
const callOf = (message: string, context = ctx()) => {
  const decision = decideTurn(message, context);
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant's template requests", () => {
  it.each([
    ["Show my templates", "listTemplates", {}],
    [
      "Find community templates about product launch",
      "searchCommunityTemplates",
      { search: "product launch", sort: "popular" },
    ],
    ["Search templates for events", "searchCommunityTemplates", { search: "events", sort: "popular" }],
    ["Show my favourites", "listFavourites", {}],
    ["Create a template called Weekly tips", "createTemplate", { name: "Weekly tips" }],
    ["Use the event invitation template", "applyTemplate", { templateId: event.id }],
    ["Create a post from the product launch template", "generatePost", { templateId: launch.id }],
    ["Copy the event invitation template", "copyCommunityTemplate", { templateId: event.id }],
    ["Favourite the event invitation template", "favouriteTemplate", { templateId: event.id }],
    [
      "Remove the event invitation template from my favourites",
      "unfavouriteTemplate",
      { templateId: event.id },
    ],
    [
      "Make the product launch template public",
      "setTemplateVisibility",
      { templateId: launch.id, isPublic: true },
    ],
    [
      "Make the product launch template private",
      "setTemplateVisibility",
      { templateId: launch.id, isPublic: false },
    ],
    ["Duplicate the event invitation template", "duplicateTemplate", { templateId: event.id }],
    ["Delete the event invitation template", "deleteTemplate", { templateId: event.id }],
    [
      "Rename the event invitation template to Open day",
      "updateTemplate",
      { templateId: event.id, name: "Open day" },
    ],
    ["Show the product launch template", "getTemplate", { templateId: launch.id }],
  ])("%s -> %s", (message, toolName, input) => {
    expect(callOf(message)).toEqual({ toolName, input });
  });

  it("asks which template when the conversation has shown none, and never guesses another name", () => {
    expect(callOf("Use the product launch template", ctx([]))).toMatchObject({ kind: "say" });
    expect(callOf("Use the spring sale template")).toMatchObject({ kind: "say" });
  });

  it("still opens the templates pages", () => {
    expect(callOf("Go to templates")).toEqual({ toolName: "navigateTo", input: { path: "/templates" } });
  });

  it("learns template names from tool results", () => {
    expect(
      knownTemplatesOf([
        { templates: [{ id: "a", name: "A", promptTemplate: null }] },
        { template: { id: "b", name: "B", promptTemplate: "x" }, prompt: "x" },
        { id: "c", name: "C", promptTemplate: "y" },
        { id: "d", content: "a post" },
      ]),
    ).toEqual([
      { id: "a", name: "A" },
      { id: "b", name: "B" },
      { id: "c", name: "C" },
    ]);
  });

  it("answers with the spec's empty texts and the filled prompt", () => {
    const reply = (toolName: ToolName, result: unknown) => describeOutcome({ toolName, input: {}, result });
    expect(reply("listTemplates", { templates: [] })).toBe(
      "No templates created yet. Create your first template!",
    );
    expect(reply("searchCommunityTemplates", { templates: [], nextCursor: null })).toBe(
      "No community templates found. Try different search terms.",
    );
    expect(reply("listFavourites", { templates: [] })).toBe(
      "No favorite templates yet. Heart some community templates to see them here.",
    );
    expect(reply("applyTemplate", { template: { name: "Launch" }, prompt: "New at Bean There" })).toContain(
      "New at Bean There",
    );
  });
});
