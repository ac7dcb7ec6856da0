import { z } from "zod";
import {
  firstCommentStatuses,
  generationStages,
  generationStatuses,
  platforms,
  postFormats,
  postSources,
  postStatuses,
  publishNetworks,
} from "../db/schema/enums";
import { postActionNames, postStates } from "../machines/post-actions";
import { postMediaItemView } from "../media/post-media";
import type { PostView } from "./post";

/**
 * The post view as a schema, for the API's document and the web's typed client. `satisfies` ties it to
 * PostView (toPostView's result): a field added or changed there fails the type check until this says the same.
 */
export const postView = z
  .object({
    id: z.string(),
    brandId: z.string(),
    content: z.string(),
    imageUrl: z.string().nullable().meta({ description: "A signed, expiring link for stored images." }),
    imageId: z.string().nullable(),
    format: z
      .enum(postFormats)
      .meta({ description: "How the post goes out: feed (default), carousel, reel, story." }),
    media: z
      .array(postMediaItemView)
      .meta({ description: "The post's images and videos in order; imageUrl is the first's." }),
    firstComment: z
      .object({
        text: z.string(),
        status: z.enum(firstCommentStatuses).nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .meta({
        description:
          "A comment posted on the network right after the post (its first reply on Bluesky, Mastodon, Threads): pending until then, posted, or failed (retryFirstComment).",
      }),
    platform: z.enum(platforms),
    status: z.enum(postStatuses),
    state: z.enum(postStates).meta({ description: "The lifecycle state." }),
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
    facebookPostId: z.string().nullable().meta({
      description: "The spec's name for externalPostId (the id on whichever network holds the post).",
    }),
    externalPostId: z.string().nullable(),
    externalUrl: z.string().nullable().meta({ description: "The post's public address on its network." }),
    groupId: z
      .string()
      .nullable()
      .meta({ description: "Posts written together for several channels share a group id." }),
    publishedVia: z.enum(publishNetworks).nullable(),
    publishing: z
      .object({
        status: z.enum(["waiting", "reconnect", "failed", "unconfirmed"]),
        message: z.string(),
        retryAt: z.string().nullable().meta({ description: "When a waiting post is tried again." }),
      })
      .nullable()
      .meta({
        description:
          "A post that has not gone out: waiting (a rate limit; tried again automatically), reconnect (the channel's connection expired; it goes out once reconnected), failed, or unconfirmed (check the page).",
      }),
    availableActions: z.array(z.enum(postActionNames)).meta({
      description:
        "What may be done to the post now, each an action's use case (approvePost, publishPostNow, ...); the others are refused (409, e.g. post_not_approved).",
    }),
    optimalTime: z.string().nullable().meta({
      description:
        "The AI's optimal time while it is ahead: approvePost with atOptimalTime schedules the post at it.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    id: "Post",
    description: "A post as the screens and the tools see it.",
  }) satisfies z.ZodType<PostView>;

export const postPage = z
  .object({
    posts: z.array(postView),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page." }),
    total: z.number().meta({ description: "How many posts match the filters." }),
  })
  .meta({ id: "PostPage" });
