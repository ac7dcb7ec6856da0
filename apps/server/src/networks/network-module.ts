import type { Db } from "@smm/domain/db";
import type { SocialNetworkKind } from "@smm/domain/ports";
import { z } from "zod";
import type { TokenVault } from "../adapters/token-vault";
import type { Logger } from "../lib/logger";
import type { ProviderTools } from "./provider";
import type { AnyProvider } from "./registry";

/** What every network module is built with; each takes what it needs. */
export interface NetworkModuleContext<NetworkEnv> {
  /** The module's own settings, read with the server's (env.ts): its names, parsed by its shape. */
  env: NetworkEnv;
  tools: ProviderTools;
  db: Db;
  /** Seals what a module keeps beside a connection (a Mastodon instance's app secret). */
  vault: TokenVault;
  logger: Logger;
  /** The app's address (PUBLIC_URL): its name on networks that ask for a website. */
  publicUrl: string;
  /** TESTS ONLY: the fakes speak plain HTTP on loopback. */
  plainHttp: boolean;
}

/**
 * One network as the server wires it: the environment names it reads and how its provider is made. A
 * network's folder exports one of these and networks/modules.ts lists it: that line is all the server
 * needs (env.ts reads the names, setup.ts makes the provider, the registry serves it).
 */
export interface NetworkModule<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly id: SocialNetworkKind;
  readonly env: Shape;
  create(context: NetworkModuleContext<z.output<z.ZodObject<Shape>>>): AnyProvider;
}

export const defineNetworkModule = <Shape extends z.ZodRawShape>(module: NetworkModule<Shape>) => module;

/** A module's settings out of the server's (already read) environment and a test's overrides. */
export function readModuleEnv<Shape extends z.ZodRawShape>(
  module: NetworkModule<Shape>,
  source: Record<string, unknown>,
): z.output<z.ZodObject<Shape>> {
  return z.object(module.env).parse(source);
}

/** Optional text settings read like env.ts's: blank is absent. */
export const optionalSetting = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();
/** A base URL setting with its production default. */
export const urlSetting = (fallback: string) =>
  optionalSetting.pipe(z.url({ protocol: /^https?$/ }).default(fallback));
