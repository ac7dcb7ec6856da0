import type { BrandContext } from "../context";
import { AppError } from "../errors";

// biome-ignore lint/suspicious/noExplicitAny: stub replaced by the inbox helper
export async function deleteComment(_ctx: BrandContext, _input: any): Promise<any> {
  throw new AppError("internal", "not built yet");
}
// biome-ignore lint/suspicious/noExplicitAny: stub replaced by the inbox helper
export async function hideComment(_ctx: BrandContext, _input: any): Promise<any> {
  throw new AppError("internal", "not built yet");
}
// biome-ignore lint/suspicious/noExplicitAny: stub replaced by the inbox helper
export async function likeComment(_ctx: BrandContext, _input: any): Promise<any> {
  throw new AppError("internal", "not built yet");
}
