import { INCOMPLETE_REPLY_APOLOGY } from "@smm/domain/chat";
import type { StreamTextTransform, TextStreamPart, ToolSet } from "ai";

const CUT_SHORT = new Set(["length", "content-filter", "other"]);

/**
 * Core spec section 8: an incomplete reply gets an apology text. A turn is incomplete when the model was cut
 * short (its output limit, a content filter, an unknown stop), when it was still calling tools at the step
 * limit, or when the whole turn ended without a word and without a call for the browser to perform. The apology goes
 * into the stream as the reply's last text, so it is shown and stored like any other. A failed turn is
 * not apologised for here: the chat shows the technical-difficulties banner for it.
 */
export function apologizeForIncompleteReply<TOOLS extends ToolSet>(
  maxSteps: number,
): StreamTextTransform<TOOLS> {
  return () => {
    let steps = 0;
    let failed = false;
    let spoke = false;
    let stepCalls = new Set<string>();
    return new TransformStream<TextStreamPart<TOOLS>, TextStreamPart<TOOLS>>({
      transform(part, controller) {
        if (part.type === "start-step") stepCalls = new Set();
        else if (part.type === "finish-step") steps += 1;
        else if (part.type === "text-delta" && part.text.trim()) spoke = true;
        else if (part.type === "tool-call") stepCalls.add(part.toolCallId);
        else if (part.type === "tool-result" || part.type === "tool-error") stepCalls.delete(part.toolCallId);
        else if (part.type === "error") failed = true;
        else if (part.type === "finish" && !failed) {
          // A call still without a result is the browser's to perform (navigateTo): the reply is complete.
          const forTheBrowser = stepCalls.size > 0;
          const incomplete =
            CUT_SHORT.has(part.finishReason) ||
            (part.finishReason === "tool-calls" && !forTheBrowser && steps >= maxSteps) ||
            (part.finishReason === "stop" && !spoke && !forTheBrowser);
          if (incomplete) {
            const id = "incomplete-reply";
            controller.enqueue({ type: "text-start", id });
            controller.enqueue({ type: "text-delta", id, text: INCOMPLETE_REPLY_APOLOGY });
            controller.enqueue({ type: "text-end", id });
          }
        }
        controller.enqueue(part);
      },
    });
  };
}
