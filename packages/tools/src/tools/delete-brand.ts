import { deleteBrand, deleteBrandInput } from "@smm/domain/brands/delete-brand";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deleteBrandTool = (ctx: ToolContext) =>
  tool({
    description:
      "Delete one of the user's brands with everything in it; another brand becomes active. The last brand cannot be deleted.",
    inputSchema: deleteBrandInput,
    execute: (input) => deleteBrand(ctx.user, input),
  });
