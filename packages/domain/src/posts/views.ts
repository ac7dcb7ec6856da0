import { z } from "zod";
import { platforms } from "../db/schema/enums";
import { postStates } from "../machines/post-actions";
import { postView } from "./post-view-schema";

/**
 * The answers of the post use cases other than a plain post (post-view-schema.ts). Each is its use case's
 * declared output: the tool's outputSchema, the route's answer and the OpenAPI document's schema.
 */

/** An edit or a cancel: done locally, with the network's refusal (if it refused) as a warning. */
export const postWithWarningView = z
  .object({
    post: postView,
    warning: z.string().nullable().meta({
      description:
        "Set when the local change stands but the network's copy could not follow (the spec's text).",
    }),
  })
  .meta({ id: "PostWithWarning" });
export type PostWithWarning = z.infer<typeof postWithWarningView>;

export const deletedView = z.object({ deleted: z.literal(true) }).meta({ id: "Deleted" });

/** The dashboard's stat cards (core spec, Dashboard) plus how many posts wait for approval. */
export const dashboardStatsView = z
  .object({
    total: z.number().int(),
    approved: z.number().int(),
    facebook: z.number().int(),
    instagram: z.number().int(),
    aiGenerated: z.number().int(),
    pending: z.number().int().meta({
      description:
        "Pending posts the user can review: posts the pipeline still owns (queued, generating) are not counted.",
    }),
  })
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof dashboardStatsView>;

/**
 * A post as the calendar grid needs it: where it sits, how it looks, and the start of its text. The grid
 * can hold hundreds of posts a month, so it does not carry whole posts (images, suggestions, generation);
 * the Post Preview reads the one post it opens.
 */
export const calendarPostView = z
  .object({
    id: z.string(),
    platform: z.enum(platforms),
    state: z.enum(postStates),
    aiGenerated: z.boolean(),
    excerpt: z.string().meta({ description: "The first characters of the text (the chips show 50)." }),
    scheduledDate: z.string().nullable(),
    postedAt: z.string().nullable(),
  })
  .meta({ id: "CalendarPost" });
export type CalendarPostView = z.infer<typeof calendarPostView>;

export const calendarPostsView = z.object({ posts: z.array(calendarPostView) }).meta({ id: "CalendarPosts" });
export type CalendarPosts = z.infer<typeof calendarPostsView>;
