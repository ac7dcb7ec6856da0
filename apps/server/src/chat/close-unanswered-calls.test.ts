import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
import type { UIMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_NOT_PERFORMED, closeUnansweredCalls } from "./close-unanswered-calls";
import { createScriptedChatModel } from "./scripted-model";

const leftNavigation: UIMessage[] = [
  { id: "u1", role: "user", parts: [{ type: "text", text: "go to calendar" }] },
  {
    id: "a1",
    role: "assistant",
    parts: [
      { type: "text", text: "Opening the calendar." },
      {
        type: "tool-navigateTo",
        toolCallId: "call-1",
        state: "input-available",
        input: { path: "/calendar" },
      },
    ],
  },
];
const nextQuestion: UIMessage = {
  id: "u2",
  role: "user",
  parts: [{ type: "text", text: "what is my plan?" }],
};

describe("closeUnansweredCalls", () => {
  it("closes a call the browser never answered once the user writes again", () => {
    const [, assistant] = closeUnansweredCalls([...leftNavigation, nextQuestion]);
    expect(assistant?.parts[1]).toMatchObject({
      type: "tool-navigateTo",
      state: "output-error",
      errorText: CALL_NOT_PERFORMED,
      input: { path: "/calendar" },
    });
    expect(assistant?.parts[0]).toEqual({ type: "text", text: "Opening the calendar." });
  });

  it("leaves a turn that ends with the assistant (the browser is answering) as it is", () => {
    expect(closeUnansweredCalls(leftNavigation)).toBe(leftNavigation);
  });
});

describe("POST /api/chat after a navigation the page never performed", () => {
  const scripted = createScriptedChatModel();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ chatModel: scripted.model });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("gives the model a history with a result for every call, and stores it so", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    expect((await jsonRequest(ctx, "/api/brands", { body: { name: "Harbour Bikes" }, cookie })).status).toBe(
      201,
    );
    scripted.script({ toolName: "getPlan", input: {} });
    const response = await jsonRequest(ctx, "/api/chat", {
      body: { messages: [...leftNavigation, nextQuestion] },
      cookie,
    });
    expect(response.status).toBe(200);
    await response.text();

    const firstPrompt = scripted.steps[0] ?? [];
    const toolMessage = firstPrompt.find((message) => message.role === "tool");
    expect(toolMessage?.content).toContainEqual(
      expect.objectContaining({ type: "tool-result", toolCallId: "call-1", toolName: "navigateTo" }),
    );
    const stored = await jsonRequest(ctx, "/api/chat", { cookie });
    const { messages } = (await stored.json()) as { messages: UIMessage[] };
    expect(messages.find((message) => message.id === "a1")?.parts).toContainEqual(
      expect.objectContaining({
        type: "tool-navigateTo",
        state: "output-error",
        errorText: CALL_NOT_PERFORMED,
      }),
    );
  });
});
