import * as account from "./account/index";
import * as agent from "./agent/index";
import * as ai from "./ai/index";
import * as analytics from "./analytics/index";
import * as billing from "./billing/index";
import * as brands from "./brands/index";
import * as campaigns from "./campaigns/index";
import * as captions from "./captions/index";
import * as chat from "./chat/index";
import * as connections from "./connections/index";
import * as generation from "./generation/index";
import * as media from "./media/index";
import * as notifications from "./notifications/index";
import * as plans from "./plans/index";
import * as posts from "./posts/index";
import * as suggestions from "./suggestions/index";
import * as templates from "./templates/index";
import { type AnyUseCase, isUseCase, type UseCasesOf } from "./use-case";
import * as watermark from "./watermark/index";

/**
 * Every declared use case, by name: each area's index exports its declarations, and everything exported
 * there is a use case with all its doors (chat tool, tool API, MCP, OpenAPI; a REST route where a screen
 * needs one). Nothing is listed twice: a declaration is found by what it is, not by a list of names.
 */
const areas = [
  account,
  agent,
  ai,
  analytics,
  billing,
  brands,
  campaigns,
  captions,
  chat,
  connections,
  generation,
  media,
  notifications,
  plans,
  posts,
  suggestions,
  templates,
  watermark,
];

type Catalogue = UseCasesOf<
  typeof account &
    typeof agent &
    typeof ai &
    typeof analytics &
    typeof billing &
    typeof brands &
    typeof campaigns &
    typeof captions &
    typeof chat &
    typeof connections &
    typeof generation &
    typeof media &
    typeof notifications &
    typeof plans &
    typeof posts &
    typeof suggestions &
    typeof templates &
    typeof watermark
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
