import * as account from "./account/use-cases";
import * as agent from "./agent/use-cases";
import * as ai from "./ai/use-cases";
import * as analytics from "./analytics/use-cases";
import * as billing from "./billing/use-cases";
import * as brands from "./brands/use-cases";
import * as campaigns from "./campaigns/use-cases";
import * as captions from "./captions/use-cases";
import * as channels from "./channels/use-cases";
import * as chat from "./chat/use-cases";
import * as connections from "./connections/use-cases";
import * as generation from "./generation/use-cases";
import * as inbox from "./inbox/use-cases";
import * as media from "./media/use-cases";
import * as notifications from "./notifications/use-cases";
import * as plans from "./plans/use-cases";
import * as posts from "./posts/use-cases";
import * as suggestions from "./suggestions/use-cases";
import * as templates from "./templates/use-cases";
import { type AnyUseCase, isUseCase, type UseCasesOf } from "./use-case";
import * as watermark from "./watermark/use-cases";

/**
 * Every declared use case, by name: each area's use-cases.ts exports its declarations, and everything
 * exported there is a use case with all its doors (chat tool, tool API, MCP, OpenAPI; a REST route where a
 * screen needs one). Nothing is listed twice: a declaration is found by what it is, not by a list of names.
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
  channels,
  chat,
  connections,
  generation,
  inbox,
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
    typeof channels &
    typeof chat &
    typeof connections &
    typeof generation &
    typeof inbox &
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
