import { toolNames } from "@smm/tools";
import { expect, it } from "vitest";
import { createOfflineAssistantModel } from "../adapters/offline-assistant/model";
import { countPreparedSchemas } from "./cached-tool-schemas";
import { warmChat } from "./warm-chat";

it("prepares every tool's JSON Schema and runs one offline turn before the first real one", async () => {
  const stream = await warmChat(createOfflineAssistantModel());
  expect(countPreparedSchemas()).toBe(toolNames.length);
  // The turn asked for ideas: the offline model called the ideas tool, which could act for no one.
  expect(stream).toContain('"toolName":"generateContentIdea"');
  expect(stream).toContain('"type":"finish"');
});

it("runs no turn on a hosted model (it would be a paid call)", async () => {
  const hosted = { ...createOfflineAssistantModel(), provider: "openai.chat" };
  expect(await warmChat(hosted)).toBe("");
});
