/**
 * The tool registry: name -> tool, shared by the chat (/api/chat), scripts (/api/tools/:name) and MCP.
 * Each tool is a thin adapter over one domain use case; the areas that add use cases add their tools here.
 */
export interface ToolDefinition<Input = unknown, Output = unknown> {
  description: string;
  /** The domain use case's own zod schema. */
  inputSchema: import("zod").ZodType<Input>;
  execute(input: Input): Promise<Output>;
}

export type ToolRegistry = Record<string, ToolDefinition>;
