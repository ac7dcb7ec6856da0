import type { z } from "zod";
import { AppError } from "./errors";

/**
 * Validates a use case's input with its own schema. Routes have already parsed the body, but tools and jobs
 * call use cases directly, so each use case checks its input itself and fails as invalid_input, not as a 500.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}
