import type { z } from "zod";
import { requirePlanCapability } from "./plans/require-capability";
import type { AnyUseCase, ScopeContext } from "./use-case";

/**
 * Runs a declared use case for a caller the way every door does: the plan capability it needs first, then
 * the use case (which checks its own input: jobs and other use cases call it directly too).
 */
export async function runUseCase<U extends AnyUseCase>(
  useCase: U,
  ctx: ScopeContext<U["scope"]>,
  input: z.input<U["input"]>,
): Promise<z.output<U["output"]>> {
  if (useCase.feature) await requirePlanCapability(ctx, useCase.feature);
  return (await useCase.run(ctx, input)) as z.output<U["output"]>;
}
