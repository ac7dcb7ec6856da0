import { randomUUID } from "node:crypto";
import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { fillScheduleGap } from "./scheduling-agent";
import {
  type RunSchedulingAgentInput,
  runSchedulingAgentInput,
  type SchedulingAgentRunView,
  schedulingAgentRunView,
} from "./schemas";

export { type RunSchedulingAgentInput, runSchedulingAgentInput };

/**
 * Runs the smart scheduling agent now for the caller's brand (Enterprise only, 403 forbidden otherwise):
 * fills the gap between the next 7 days and the weekly target with suggestions and pending posts, which
 * wait for the user's approval like any other. Works whether or not the daily agent is switched on.
 */
export async function runSchedulingAgent(
  ctx: BrandContext,
  input: RunSchedulingAgentInput = {},
): Promise<SchedulingAgentRunView> {
  parseInput(runSchedulingAgentInput, input);
  // Each request is its own run; the open suggestions counting as planned keep two from doubling posts.
  return fillScheduleGap(ctx, `now:${randomUUID()}`);
}

export const runSchedulingAgentUseCase = declareUseCase({
  name: "runSchedulingAgent",
  description:
    "Run the smart scheduling agent now for the active brand (Enterprise only): it compares the next 7 days with the weekly target and generates posts for the gap on the best open times. The posts wait for the user's approval; nothing is approved or published.",
  scope: "brand",
  input: runSchedulingAgentInput,
  output: schedulingAgentRunView,
  run: runSchedulingAgent,
});
