import { AppError } from "@smm/domain/errors";
import type { Context } from "hono";
import type { z } from "zod";

/** Reads a JSON body and validates it with the use case's own schema. */
export async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "Malformed JSON body");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}
