import type { BrandContext } from "../context";
import { AppError } from "../errors";

// biome-ignore lint/suspicious/noExplicitAny: stub replaced by the inbox helper
export async function getResponseStats(_ctx: BrandContext, _input: any): Promise<any> {
  throw new AppError("internal", "not built yet");
}
