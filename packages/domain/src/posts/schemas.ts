import { z } from "zod";
import { imageLinkSchema } from "../media/media-link";
import { safeText } from "../text";

import {
  DENY_FEEDBACK_REQUIRED,
  INVALID_IMAGE_URL,
  MAX_POST_LENGTH,
  MAX_POST_PAGE_SIZE,
  MISSING_SCHEDULED_DATE,
  POST_CONTENT_EMPTY,
  POST_PAGE_SIZE,
  postPlatforms,
} from "./messages";

export * from "./messages";

/**
 * Inputs of the post use cases: the HTTP bodies, the tools' input schemas and the forms' validators.
 * Messages are the spec's where it names one (core spec sections 5 and 8).
 */

const postId = safeText({ error: "Post id is required" }).trim().min(1, "Post id is required");

/** An ISO 8601 date-time with an offset; the screens send the user's local time converted to it. */
const isoDate = (missing: string) =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? missing : "Invalid date") });

export const postIdInput = z.object({ postId });
export type PostIdInput = z.infer<typeof postIdInput>;

export const approvePostInput = z
  .object({
    postId,
    /** Omitted: approved for the calendar's "Approved Content" list. Future: scheduled. Now or past: posted now. */
    scheduledDate: isoDate(MISSING_SCHEDULED_DATE).nullish(),
    /**
     * Scheduled at the AI's optimal time (the post's optimalTime): how an AI post is approved without
     * asking (core spec section 4). Refused with optimal_time_unavailable when it has none still ahead.
     */
    atOptimalTime: z.boolean().optional(),
  })
  .refine((input) => !(input.atOptimalTime && input.scheduledDate), {
    path: ["atOptimalTime"],
    message: "Give a scheduledDate or atOptimalTime, not both",
  });
export type ApprovePostInput = z.infer<typeof approvePostInput>;

export const approvePostGroupInput = z.object({
  /** The group of posts written together for several channels (each post's groupId). */
  groupId: z.uuid({ error: "Post group not found" }),
  /** As approvePost: absent waits unscheduled, future schedules, now or past publishes now. */
  scheduledDate: isoDate(MISSING_SCHEDULED_DATE).nullish(),
});
export type ApprovePostGroupInput = z.infer<typeof approvePostGroupInput>;

export const denyPostInput = z.object({
  postId,
  feedback: safeText({ error: DENY_FEEDBACK_REQUIRED })
    .trim()
    .min(1, DENY_FEEDBACK_REQUIRED)
    .max(2000, "Feedback must be at most 2000 characters"),
});
export type DenyPostInput = z.infer<typeof denyPostInput>;

export const editPostInput = z.object({
  postId,
  content: safeText({ error: POST_CONTENT_EMPTY })
    .trim()
    .min(1, POST_CONTENT_EMPTY)
    .max(MAX_POST_LENGTH, `Post content must be at most ${MAX_POST_LENGTH} characters`),
  /**
   * An http(s) image, or a link to one of the brand's own stored images (kept as that image, so its link
   * never goes stale); null removes the post's image.
   */
  imageUrl: imageLinkSchema(INVALID_IMAGE_URL).nullish(),
  /** One of the brand's stored images (an upload, a generated image) instead. */
  imageId: z.uuid({ error: "Image not found" }).optional(),
});
export type EditPostInput = z.infer<typeof editPostInput>;

export const schedulePostInput = z.object({
  postId,
  scheduledDate: isoDate(MISSING_SCHEDULED_DATE),
});
export type SchedulePostInput = z.infer<typeof schedulePostInput>;

/** null takes the date away (a calendar post dragged back to the sidebar). */
export const reschedulePostInput = z.object({
  postId,
  scheduledDate: isoDate(MISSING_SCHEDULED_DATE).nullable(),
});
export type ReschedulePostInput = z.infer<typeof reschedulePostInput>;

export const postSorts = ["newest", "oldest", "schedule"] as const;
export const postStatusFilters = ["pending", "approved", "denied"] as const;
/** The lists' source filter: AI Generated or Manual (the spec's ai_generated flag). */
export const postSourceFilters = ["ai", "manual"] as const;

/** The lifecycle states (machines/post-lifecycle.ts), repeated so the web bundle needs no xstate. */
export const postStateFilters = [
  "generating",
  "pending",
  "approved",
  "scheduled",
  "published",
  "denied",
] as const;

export const listPostsInput = z.object({
  /**
   * A lifecycle state rather than a stored status: "approved" is the calendar's Approved Content list
   * (approved, no date, not posted), "scheduled" and "published" the calendar's blue and green posts.
   */
  state: z
    .enum(postStateFilters, {
      error: "State must be one of: generating, pending, approved, scheduled, published, denied",
    })
    .optional(),
  status: z.enum(postStatusFilters, { error: "Status must be one of: pending, approved, denied" }).optional(),
  platform: z.enum(postPlatforms, { error: "Platform must be one of: facebook, instagram" }).optional(),
  source: z.enum(postSourceFilters, { error: "Source must be one of: ai, manual" }).optional(),
  search: safeText().trim().max(200, "Search must be at most 200 characters").optional(),
  sort: z.enum(postSorts, { error: "Sort must be one of: newest, oldest, schedule" }).default("newest"),
  cursor: safeText().max(500).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, "Limit must be between 1 and 100")
    .max(MAX_POST_PAGE_SIZE, "Limit must be between 1 and 100")
    .default(POST_PAGE_SIZE),
});
export type ListPostsInput = z.input<typeof listPostsInput>;

/** The calendar shows at most 42 days (six weeks); a little slack for time zones and custom views. */
export const MAX_CALENDAR_RANGE_DAYS = 45;
const DAY_MS = 86_400_000;

export const listCalendarPostsInput = z
  .object({
    from: isoDate("From date is required"),
    to: isoDate("To date is required"),
  })
  .superRefine(({ from, to }, context) => {
    const span = Date.parse(to) - Date.parse(from);
    if (span <= 0) {
      context.addIssue({ code: "custom", path: ["to"], message: "To date must be after From date" });
    } else if (span > MAX_CALENDAR_RANGE_DAYS * DAY_MS) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `The calendar range can be at most ${MAX_CALENDAR_RANGE_DAYS} days`,
      });
    }
  });
export type ListCalendarPostsInput = z.input<typeof listCalendarPostsInput>;
