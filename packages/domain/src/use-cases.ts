import * as account from "./account/index";
import * as billing from "./billing/index";
import * as brands from "./brands/index";
import * as campaigns from "./campaigns/index";
import * as connections from "./connections/index";
import * as generation from "./generation/index";
import * as media from "./media/index";
import * as plans from "./plans/index";
import * as posts from "./posts/index";
import * as templates from "./templates/index";
import { type AnyUseCase, isUseCase, type UseCasesOf } from "./use-case";

/**
 * Every declared use case, by name: each area's index exports its declarations, and everything exported
 * there is a use case with all its doors (chat tool, tool API, MCP, OpenAPI; a REST route where a screen
 * needs one). Nothing is listed twice: a declaration is found by what it is, not by a list of names.
 */
const areas = [account, billing, brands, campaigns, connections, generation, media, plans, posts, templates];

type Catalogue = UseCasesOf<
  typeof account &
    typeof billing &
    typeof brands &
    typeof campaigns &
    typeof connections &
    typeof generation &
    typeof media &
    typeof plans &
    typeof posts &
    typeof templates
>;

function collectUseCases(modules: readonly object[]): Record<string, AnyUseCase> {
  const found: Record<string, AnyUseCase> = {};
  for (const module of modules) {
    for (const value of Object.values(module)) {
      if (!isUseCase(value)) continue;
      if (found[value.name] && found[value.name] !== value)
        throw new Error(`Two use cases named ${value.name}`);
      found[value.name] = value;
    }
  }
  return found;
}

export const useCases = collectUseCases(areas) as Catalogue;
export type UseCases = Catalogue;
export type UseCaseName = keyof Catalogue;
export const useCaseNames = Object.keys(useCases) as UseCaseName[];
export const isUseCaseName = (name: string): name is UseCaseName => Object.hasOwn(useCases, name);
