import { z } from "@hono/zod-openapi";
import {
  generationStages,
  generationStatuses,
  platforms,
  postSources,
  postStatuses,
  publishNetworks,
} from "@smm/domain/db/schema/enums";
import { postStates } from "@smm/domain/machines/post-actions";
import type { PostView } from "@smm/domain/posts/post";

/**
 * The post view as a schema, for the document and the web's typed client. `satisfies` ties it to the
 * domain's PostView (toPostView's result): a field added or changed there fails the server's type check
 * until this schema says the same.
 */
export const postView = z
  .object({
    id: z.string(),
    brandId: z.string(),
    content: z.string(),
    imageUrl: z.string().nullable().openapi({ description: "A signed, expiring link for stored images." }),
    imageId: z.string().nullable(),
    platform: z.enum(platforms),
    status: z.enum(postStatuses),
    state: z.enum(postStates).openapi({ description: "The lifecycle state." }),
    scheduledDate: z.string().nullable(),
    postedAt: z.string().nullable(),
    feedback: z.string().nullable(),
    language: z.string(),
    aiGenerated: z.boolean(),
    aiSuggestions: z
      .object({
        optimal_time: z.string(),
        reasoning: z.string(),
        engagement_prediction: z.number(),
        audience_match: z.number(),
        trend_score: z.number(),
        hashtags: z.array(z.string()).optional(),
      })
      .nullable(),
    source: z.enum(postSources),
    generation: z.object({
      status: z.enum(generationStatuses).nullable(),
      stage: z.enum(generationStages).nullable(),
      progress: z.number().nullable(),
      error: z.string().nullable(),
    }),
    facebookPostId: z.string().nullable(),
    publishedVia: z.enum(publishNetworks).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Post", {
    description: "A post as the screens and the tools see it.",
  }) satisfies z.ZodType<PostView>;

export const postPage = z
  .object({
    posts: z.array(postView),
    nextCursor: z.string().nullable().openapi({ description: "Pass back as `cursor` for the next page." }),
    total: z.number().openapi({ description: "How many posts match the filters." }),
  })
  .openapi("PostPage");
