import { tool } from "ai";
import { z } from "zod";

/** The screens the assistant may open (core spec section 2, app shell). */
export const navigationTargets = [
  "/dashboard",
  "/create",
  "/templates",
  "/community-templates",
  "/media",
  "/inbox",
  "/calendar",
  "/campaigns",
  "/analytics",
  "/ai-agent",
  "/settings",
  "/profile",
  "/subscription",
  "/welcome",
] as const;

export const navigateToInput = z.object({
  path: z.enum(navigationTargets, { error: `Path must be one of: ${navigationTargets.join(", ")}` }),
});

/**
 * A client tool: it has no execute, so the chat hands the call to the browser, which opens the screen
 * (1.5 s after the reply). Over HTTP it answers with the path to open.
 */
export const navigateToTool = () =>
  tool({
    description: "Open one of the app's screens in the user's browser.",
    inputSchema: navigateToInput,
  });
