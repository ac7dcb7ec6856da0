import type { z } from "zod";
import type { BrandContext, UserContext } from "./context";
import type { PlanCapabilities } from "./plans/catalogue";

/**
 * Who a use case acts as: the signed-in user, or the user on one of their brands (the active one, or the one a
 * script names with X-Brand-Id).
 */
export type UseCaseScope = "user" | "brand";

export type ScopeContext<S extends UseCaseScope> = S extends "brand" ? BrandContext : UserContext;

/**
 * A use case, declared once. Every door is derived from this: the chat's tool, the tool API
 * (POST /api/tools/{name}), MCP (with its outputSchema and structuredContent), the REST route a screen calls,
 * the OpenAPI document and the parity check. A use case that is not declared has no door, and a declared one
 * has all of them.
 */
export interface UseCase<
  Name extends string = string,
  In extends z.ZodType = z.ZodType,
  Out extends z.ZodType = z.ZodType,
  Scope extends UseCaseScope = UseCaseScope,
> {
  readonly kind: "use-case";
  /** The tool's name (API.md fixes many of them); also the OpenAPI operation id of the tool path. */
  readonly name: Name;
  /** What it does, for a model choosing a tool and for a script author reading the reference. */
  readonly description: string;
  /** The body of its HTTP doors, the tool's input and the form's validator. */
  readonly input: In;
  /** What it answers; tests check every answer against it. */
  readonly output: Out;
  readonly scope: Scope;
  /** A plan capability the caller's plan must have; refused with `plan_required` (403) otherwise. */
  readonly feature?: keyof PlanCapabilities | undefined;
  readonly run: (ctx: ScopeContext<Scope>, input: z.output<In>) => Promise<z.output<Out>>;
}

// The declared types of each use case are kept; this is only the shape every declaration satisfies.
// biome-ignore lint/suspicious/noExplicitAny: run's parameters are contravariant, so only `any` admits all of them
export type AnyUseCase = UseCase<string, z.ZodType, z.ZodType, any>;

export type UseCaseInput<U extends AnyUseCase> = z.input<U["input"]>;
export type UseCaseOutput<U extends AnyUseCase> = z.output<U["output"]>;

/** Declares a use case (see UseCase). */
export function declareUseCase<
  const Name extends string,
  In extends z.ZodType,
  Out extends z.ZodType,
  Scope extends UseCaseScope,
>(declaration: Omit<UseCase<Name, In, Out, Scope>, "kind">): UseCase<Name, In, Out, Scope> {
  return Object.freeze({ kind: "use-case" as const, ...declaration });
}

export const isUseCase = (value: unknown): value is AnyUseCase =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "use-case";

/** The declarations among a module's exports, by name. */
export type UseCasesOf<M> = {
  [U in Extract<M[keyof M], AnyUseCase> as U["name"]]: U;
};
