import { TypeValidationError } from "@ai-sdk/provider";
import { TECHNICAL_DIFFICULTIES } from "@smm/domain/chat";
import { AppError } from "@smm/domain/errors";
import { CUSTOM_PROMPT_REQUIRED, generatePostInput } from "@smm/domain/generation";
import { InvalidToolInputError } from "ai";
import { describe, expect, it } from "vitest";
import { createChatErrorDescriber } from "./describe-chat-error";

/** A tool call refused by the tool's schema, wrapped as the AI SDK wraps it. */
function refusedToolInput(input: unknown) {
  const parsed = generatePostInput.safeParse(input);
  if (parsed.success) throw new Error("the input was accepted");
  return new InvalidToolInputError({
    toolName: "generatePost",
    toolInput: JSON.stringify(input),
    cause: new TypeValidationError({ value: input, cause: parsed.error }),
  });
}

describe("createChatErrorDescriber", () => {
  it("says a use case's refusal in its own words", () => {
    expect(createChatErrorDescriber()(new AppError("not_found", "Post not found"))).toBe("Post not found");
  });

  it("says a tool input the tool's schema refuses in the schema's words, both times the SDK reports it", () => {
    const describe = createChatErrorDescriber();
    const refused = refusedToolInput({ imageStyle: "custom" });
    expect(describe(refused)).toBe(CUSTOM_PROMPT_REQUIRED);
    // The output-error chunk carries the error's message only.
    expect(describe(refused.message)).toBe(CUSTOM_PROMPT_REQUIRED);
  });

  it("keeps anything else to the spec's words", () => {
    const describe = createChatErrorDescriber();
    expect(describe(new Error("socket hang up"))).toBe(TECHNICAL_DIFFICULTIES);
    const unreadable = new InvalidToolInputError({
      toolName: "generatePost",
      toolInput: "{",
      cause: new SyntaxError("Unexpected end of JSON input"),
    });
    expect(describe(unreadable)).toBe(TECHNICAL_DIFFICULTIES);
    expect(describe(unreadable.message)).toBe(TECHNICAL_DIFFICULTIES);
    // A message seen in another turn is not remembered here.
    expect(describe(refusedToolInput({ imageStyle: "custom" }).message)).toBe(TECHNICAL_DIFFICULTIES);
  });
});
