import { TECHNICAL_DIFFICULTIES } from "@smm/domain/chat";
import { AppError, isAppError } from "@smm/domain/errors";
import { InvalidToolInputError } from "ai";
import { ZodError } from "zod";

/** The schema's refusal inside the AI SDK's wrappers (InvalidToolInputError > TypeValidationError > ZodError). */
function findZodError(error: unknown): ZodError | null {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof ZodError) return cause;
  return null;
}

/**
 * What one chat turn shows on a tool's card (or under the reply) when a step fails. A use case's refusal (a
 * quota, a post not found) is written for the user and shown as it is. So is a tool input the tool's own
 * schema refuses: the AI SDK checks the model's call against it before the use case runs, and the same schema
 * refuses the same input at the form, REST, the tool API and MCP in these words (the first issue, as
 * AppError.fromZod puts it). Anything else gets the spec's words; details stay in the server log.
 *
 * The AI SDK reports a refused input twice: with the InvalidToolInputError (the input-error chunk), then with
 * only that error's message (the output-error chunk, whose text the card keeps). So a describer lives for one
 * turn and remembers what it said the first time, to say the same the second.
 */
export function createChatErrorDescriber(): (error: unknown) => string {
  const refusals = new Map<string, string>();
  return (error) => {
    if (isAppError(error)) return error.message;
    if (InvalidToolInputError.isInstance(error)) {
      const refusal = findZodError(error.cause);
      if (refusal) {
        const message = AppError.fromZod(refusal).message;
        refusals.set(error.message, message);
        return message;
      }
    }
    if (typeof error === "string") return refusals.get(error) ?? TECHNICAL_DIFFICULTIES;
    return TECHNICAL_DIFFICULTIES;
  };
}
