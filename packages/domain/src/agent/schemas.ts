import { z } from "zod";
import { MAX_POSTS_PER_WEEK, MIN_POSTS_PER_WEEK } from "../suggestions/schemas";
import { safeText } from "../text";

/**
 * Inputs, views and texts of the agent settings and the scheduling agent (connections spec: Agent settings,
 * AI agent page). Pure data plus zod, so the web bundle can import it for the settings form.
 */

export const AGENT_SETTINGS_UPDATE_FAILED = "Failed to update agent settings";
/** The plan requirement shown beside the toggle and sent with the 403. */
export const SCHEDULING_AGENT_ENTERPRISE_ONLY = "The smart scheduling agent is part of the Enterprise plan.";
export const contentStyles = ["professional", "casual", "friendly", "humorous", "authoritative"] as const;
export const chatStyles = ["professional", "casual", "friendly"] as const;
export const MAX_RESPONSE_TIME_MINUTES = 1440;
export const MAX_DEFAULT_RESPONSE_LENGTH = 1000;
export const MAX_AUTO_RESPONSE_TOPICS = 20;

/** "The N new posts are waiting for your approval" notification of the scheduling agent. */
export const agentPostsWaitingMessage = (count: number) =>
  `${count} new ${count === 1 ? "post is" : "posts are"} waiting for your approval`;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const postsPerWeek = z
  .number({ error: `Posts per week must be a number from ${MIN_POSTS_PER_WEEK} to ${MAX_POSTS_PER_WEEK}` })
  .int("Posts per week must be a whole number")
  .min(MIN_POSTS_PER_WEEK, `Posts per week must be at least ${MIN_POSTS_PER_WEEK}`)
  .max(MAX_POSTS_PER_WEEK, `Posts per week must be at most ${MAX_POSTS_PER_WEEK}`);

/** Each field with the schema of its value: the page saves one field at a time (connections spec). */
export const agentSettingValues = {
  scheduleAgentEnabled: z.boolean({ error: "Choose on or off" }),
  chatAgentEnabled: z.boolean({ error: "Choose on or off" }),
  postsPerWeek,
  bestPostTime: safeText({ error: "Best posting time must be a time like 09:00" })
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "Best posting time must be a time like 09:00"),
  contentStyle: z.enum(contentStyles, { error: `Content style must be one of ${contentStyles.join(", ")}` }),
  imageStyle: safeText({ error: "Image style is required" }).trim().min(1, "Image style is required").max(40),
  responseTime: z
    .number({ error: "Response time must be a number of minutes" })
    .int("Response time must be a whole number of minutes")
    .min(1, "Response time must be at least 1 minute")
    .max(MAX_RESPONSE_TIME_MINUTES, `Response time must be at most ${MAX_RESPONSE_TIME_MINUTES} minutes`),
  chatStyle: z.enum(chatStyles, { error: `Chat style must be one of ${chatStyles.join(", ")}` }),
  defaultResponse: safeText({ error: "Default response must be text" })
    .trim()
    .max(
      MAX_DEFAULT_RESPONSE_LENGTH,
      `Default response must be at most ${MAX_DEFAULT_RESPONSE_LENGTH} characters`,
    ),
  autoResponseTopics: z
    .array(
      safeText().trim().min(1, "A topic cannot be empty").max(80, "A topic must be at most 80 characters"),
    )
    .max(MAX_AUTO_RESPONSE_TOPICS, `At most ${MAX_AUTO_RESPONSE_TOPICS} topics`),
  timeZone: safeText({ error: "Time zone is required" })
    .trim()
    .min(1, "Time zone is required")
    .max(64)
    .refine(isTimeZone, "Unknown time zone"),
} as const;

export type AgentSettingField = keyof typeof agentSettingValues;
export const agentSettingFields = Object.keys(agentSettingValues) as [
  AgentSettingField,
  ...AgentSettingField[],
];

const setting = <F extends AgentSettingField>(field: F) =>
  z.object({ field: z.literal(field), value: agentSettingValues[field] });

/** One field and its new value, e.g. { field: "postsPerWeek", value: 7 }. */
export const updateAgentSettingsInput = z
  .discriminatedUnion(
    "field",
    [
      setting("scheduleAgentEnabled"),
      setting("chatAgentEnabled"),
      setting("postsPerWeek"),
      setting("bestPostTime"),
      setting("contentStyle"),
      setting("imageStyle"),
      setting("responseTime"),
      setting("chatStyle"),
      setting("defaultResponse"),
      setting("autoResponseTopics"),
      setting("timeZone"),
    ],
    { error: `Field must be one of ${agentSettingFields.join(", ")}` },
    // Function calling takes only an object at the root of a tool's parameters; every variant is one.
  )
  .meta({ type: "object" });
export type UpdateAgentSettingsInput = z.infer<typeof updateAgentSettingsInput>;

export const runSchedulingAgentInput = z.object({});
export type RunSchedulingAgentInput = z.infer<typeof runSchedulingAgentInput>;

/** The agent settings as the page, the tools and the API see them (defaults filled in). */
export const agentSettingsView = z
  .object({
    scheduleAgentEnabled: z.boolean(),
    chatAgentEnabled: z.boolean(),
    postsPerWeek: z.number().int(),
    bestPostTime: z.string().meta({ description: "24-hour wall-clock time, e.g. 09:00." }),
    contentStyle: z.string(),
    imageStyle: z.string(),
    responseTime: z.number().int().meta({ description: "Minutes." }),
    chatStyle: z.string(),
    defaultResponse: z.string(),
    autoResponseTopics: z.array(z.string()),
    timeZone: z.string(),
    schedulingAgentAvailable: z
      .boolean()
      .meta({ description: "Whether the caller's plan includes the scheduling agent (Enterprise)." }),
    updatedAt: z.string(),
  })
  .meta({ id: "AgentSettings" });
export type AgentSettingsView = z.infer<typeof agentSettingsView>;

/** What one run of the scheduling agent did. */
export const schedulingAgentRunView = z
  .object({
    ran: z.boolean().meta({
      description: "False when this brand's run for the day (or this settings change) had already happened.",
    }),
    weeklyTarget: z.number().int(),
    planned: z
      .number()
      .int()
      .meta({ description: "Approved posts and open suggestions already in the next 7 days." }),
    gap: z.number().int(),
    suggestionsCreated: z.number().int().meta({ description: "Suggestions created for the gap." }),
    postsCreated: z.number().int().meta({ description: "The pending posts generated from them." }),
    stoppedByQuota: z
      .boolean()
      .meta({ description: "Set when the plan's post quota stopped the run early." }),
  })
  .meta({ id: "SchedulingAgentRun" });
export type SchedulingAgentRunView = z.infer<typeof schedulingAgentRunView>;
