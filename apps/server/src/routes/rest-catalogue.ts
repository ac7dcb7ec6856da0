import { requestDataDeletionInput } from "@smm/domain/account/request-data-deletion";
import { enhanceContentInput } from "@smm/domain/ai/enhance-content";
import { createBrandInput } from "@smm/domain/brands/create-brand";
import { updateBrandFieldInput } from "@smm/domain/brands/update-brand-field";
import { updateBrandSettingsInput } from "@smm/domain/brands/update-brand-settings";
import { updateCompanyProfileInput } from "@smm/domain/brands/update-company-profile";
import { chatRequestInput } from "@smm/domain/chat/schemas";
import { generatePostInput } from "@smm/domain/generation/generate-post";
import { markNotificationsReadInput } from "@smm/domain/notifications/mark-notifications-read";
import { approvePostInput } from "@smm/domain/posts/approve-post";
import { denyPostInput } from "@smm/domain/posts/deny-post";
import { editPostInput } from "@smm/domain/posts/edit-post";
import { listCalendarPostsInput } from "@smm/domain/posts/list-calendar-posts";
import { listPostsInput } from "@smm/domain/posts/list-posts";
import { reschedulePostInput } from "@smm/domain/posts/reschedule-post";
import { schedulePostInput } from "@smm/domain/posts/schedule-post";
import { removeWatermarkBackgroundInput } from "@smm/domain/watermark/remove-watermark-background";
import { saveWatermarkInput } from "@smm/domain/watermark/save-watermark";
import { z } from "zod";

/**
 * The catalogue of the REST routes under /api (the ones the screens call), for /api/openapi.json and
 * /api/docs. One entry per method and path that app.ts registers; openapi-routes.test.ts fails when a
 * registered route has no entry here or an entry names a route that does not exist.
 *
 * Body and query schemas are the zod schemas the routes parse with (the post actions' bodies are the
 * use case's input without `postId`, exactly as routes/posts.ts derives them).
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Error statuses of API.md that an operation may answer, besides 500. */
export type ErrorStatus = "400" | "401" | "403" | "404" | "409" | "429" | "502";

/**
 * - `user`: the session cookie or an API key (Bearer); 401 without either.
 * - `session`: the session cookie only.
 * - `open`: no caller needed.
 * - `signed-link`: no caller; the link's `expires` and `signature` are the permission.
 */
export type RouteAuth = "user" | "session" | "open" | "signed-link";

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI syntax: `/api/posts/{id}`. */
  path: string;
  tag: RestTag;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** Acts on the active brand, or on the brand named by `X-Brand-Id`. */
  brand?: boolean;
  /** What `{param}` in the path names. */
  pathParams?: Record<string, string>;
  /** The query string's schema (an object). */
  query?: z.ZodType;
  /** A JSON body's schema, or a multipart upload of one `file`. */
  body?: z.ZodType | "multipart";
  /** The answer on success. */
  response: {
    status: "200" | "201" | "204";
    description: string;
    /** Absent: application/json. */
    contentType?: string;
    schema?: Record<string, unknown>;
  };
  /**
   * Error statuses beyond the ones implied: 401 and 403 for `user`/`session` routes (no caller; an API key
   * whose plan lost API access), 400 when there is a body or a query, 404 for a path id or a brand route.
   */
  errors?: ErrorStatus[];
}

export const restTags = {
  System: "Health, the caller, the event stream and this description.",
  Auth: "Sign-up, sign-in, sessions and API keys, answered by better-auth.",
  Brands: "The caller's brands, the active brand, brand settings and company profile.",
  Posts: "The brand's posts, the calendar, the dashboard's numbers and the post lifecycle.",
  Media: "Image uploads and the signed links that serve stored images.",
  Watermark: "The watermark editor of the brand.",
  Notifications: "The notification bell.",
  Account: "The caller's plan, the style catalogue, the Enhance buttons and data deletion requests.",
  Chat: "The chat hub and the floating assistant.",
  Tools: "Every action of the screens and the chat as a tool (POST /api/tools/{name}).",
} as const;
export type RestTag = keyof typeof restTags;

/** The body schemas without the post id, which comes from the path (as routes/posts.ts does). */
const approveBody = approvePostInput.omit({ postId: true });
const denyBody = denyPostInput.omit({ postId: true });
const editBody = editPostInput.omit({ postId: true });
const scheduleBody = schedulePostInput.omit({ postId: true });
const rescheduleBody = reschedulePostInput.omit({ postId: true });

const brandId = { id: "The brand's id." };
const UPLOAD_REFUSALS =
  "A file of another type, or over the size limit, is a 400 with the product's message for it.";
const postId = { id: "The post's id." };
const json = (status: "200" | "201", description: string) => ({ status, description });

export const restCatalogue: RestRoute[] = [
  // System
  {
    method: "get",
    path: "/api/me",
    tag: "System",
    summary: "The signed-in caller and how they authenticated.",
    auth: "user",
    response: {
      status: "200",
      description: "The caller.",
      schema: {
        type: "object",
        required: ["user", "authMethod"],
        properties: {
          user: {
            type: "object",
            required: ["id", "email", "name", "emailVerified"],
            properties: {
              id: { type: "string" },
              email: { type: "string" },
              name: { type: "string" },
              emailVerified: { type: "boolean" },
            },
          },
          authMethod: { enum: ["session", "api_key"] },
        },
      },
    },
  },
  {
    method: "get",
    path: "/api/public-config",
    tag: "System",
    summary: "What the server runs with (sign-in options and the adapters the screens label).",
    auth: "open",
    response: {
      status: "200",
      description: "The public configuration.",
      schema: {
        type: "object",
        properties: {
          facebookLogin: { type: "boolean" },
          mail: { type: "string" },
          ai: { type: "string" },
          images: { type: "string" },
          social: { type: "string" },
          storage: { type: "string" },
          version: { type: "string" },
        },
      },
    },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "System",
    summary: "This document.",
    auth: "open",
    response: json("200", "The OpenAPI 3.1 document."),
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "System",
    summary: "A readable page of this document.",
    auth: "open",
    response: { status: "200", description: "An HTML page.", contentType: "text/html" },
  },

  // Brands
  {
    method: "get",
    path: "/api/brands",
    tag: "Brands",
    summary: "The caller's brands.",
    auth: "user",
    response: json("200", "The brands."),
  },
  {
    method: "post",
    path: "/api/brands",
    tag: "Brands",
    summary: "Create a brand.",
    auth: "user",
    body: createBrandInput,
    response: json("201", "The new brand."),
  },
  {
    method: "get",
    path: "/api/brands/active",
    tag: "Brands",
    summary: "The caller's active brand.",
    auth: "user",
    response: {
      status: "200",
      description: "The active brand, or null before the first brand is set up.",
      schema: { type: "object", required: ["brand"], properties: { brand: {} } },
    },
  },
  {
    method: "post",
    path: "/api/brands/field",
    tag: "Brands",
    summary: "Change one brand-settings or company-profile field, validated by the field's rules.",
    auth: "user",
    brand: true,
    body: updateBrandFieldInput,
    response: json("200", "The updated brand."),
  },
  {
    method: "get",
    path: "/api/brands/{id}",
    tag: "Brands",
    summary: "One brand with its settings and company profile.",
    auth: "user",
    pathParams: brandId,
    response: json("200", "The brand."),
  },
  {
    method: "post",
    path: "/api/brands/{id}/activate",
    tag: "Brands",
    summary: "Make a brand the active one.",
    auth: "user",
    pathParams: brandId,
    response: json("200", "The switch's result."),
  },
  {
    method: "delete",
    path: "/api/brands/{id}",
    tag: "Brands",
    summary: "Delete a brand (not the caller's only one).",
    auth: "user",
    pathParams: brandId,
    response: json("200", "The deletion's result."),
    errors: ["409"],
  },
  {
    method: "patch",
    path: "/api/brands/{id}/settings",
    tag: "Brands",
    summary: "Update a brand's settings.",
    auth: "user",
    pathParams: brandId,
    body: updateBrandSettingsInput,
    response: json("200", "The updated brand."),
  },
  {
    method: "patch",
    path: "/api/brands/{id}/company-profile",
    tag: "Brands",
    summary: "Update a brand's company profile.",
    auth: "user",
    pathParams: brandId,
    body: updateCompanyProfileInput,
    response: json("200", "The updated brand."),
  },

  // Posts
  {
    method: "get",
    path: "/api/posts",
    tag: "Posts",
    summary: "The brand's posts, filtered, searched, sorted and paged.",
    auth: "user",
    brand: true,
    query: listPostsInput,
    response: json("200", "A page of posts and the cursor of the next one."),
  },
  {
    method: "post",
    path: "/api/posts/generate",
    tag: "Posts",
    summary: "Start generating a post; content and image fill in the background (progress over /api/events).",
    auth: "user",
    brand: true,
    body: generatePostInput,
    response: json("201", "The new post, status pending."),
    errors: ["429"],
  },
  {
    method: "get",
    path: "/api/posts/stats",
    tag: "Posts",
    summary: "The dashboard's numbers for the brand.",
    auth: "user",
    brand: true,
    response: json("200", "The dashboard statistics."),
  },
  {
    method: "get",
    path: "/api/posts/calendar",
    tag: "Posts",
    summary: "The scheduled and published posts between two dates (the calendar).",
    auth: "user",
    brand: true,
    query: listCalendarPostsInput,
    response: json("200", "The calendar's posts."),
  },
  {
    method: "get",
    path: "/api/posts/{id}",
    tag: "Posts",
    summary: "One post.",
    auth: "user",
    brand: true,
    pathParams: postId,
    response: json("200", "The post."),
  },
  {
    method: "patch",
    path: "/api/posts/{id}",
    tag: "Posts",
    summary: "Edit a post's content and image.",
    auth: "user",
    brand: true,
    pathParams: postId,
    body: editBody,
    response: json("200", "The updated post."),
    errors: ["409"],
  },
  {
    method: "delete",
    path: "/api/posts/{id}",
    tag: "Posts",
    summary: "Delete a post.",
    auth: "user",
    brand: true,
    pathParams: postId,
    response: json("200", "The deletion's result."),
    errors: ["409"],
  },
  {
    method: "post",
    path: "/api/posts/{id}/approve",
    tag: "Posts",
    summary: "Approve a post, optionally with a date to schedule it for.",
    auth: "user",
    brand: true,
    pathParams: postId,
    body: approveBody,
    response: json("200", "The updated post."),
    errors: ["409"],
  },
  {
    method: "post",
    path: "/api/posts/{id}/deny",
    tag: "Posts",
    summary: "Deny a post with feedback.",
    auth: "user",
    brand: true,
    pathParams: postId,
    body: denyBody,
    response: json("200", "The updated post."),
    errors: ["409"],
  },
  {
    method: "post",
    path: "/api/posts/{id}/schedule",
    tag: "Posts",
    summary: "Schedule an approved post.",
    auth: "user",
    brand: true,
    pathParams: postId,
    body: scheduleBody,
    response: json("200", "The updated post."),
    errors: ["409"],
  },
  {
    method: "post",
    path: "/api/posts/{id}/reschedule",
    tag: "Posts",
    summary: "Move a scheduled post to another date, or unschedule it (null).",
    auth: "user",
    brand: true,
    pathParams: postId,
    body: rescheduleBody,
    response: json("200", "The updated post."),
    errors: ["409"],
  },
  {
    method: "post",
    path: "/api/posts/{id}/cancel",
    tag: "Posts",
    summary: "Cancel a post.",
    auth: "user",
    brand: true,
    pathParams: postId,
    response: json("200", "The updated post."),
    errors: ["409"],
  },
  {
    method: "post",
    path: "/api/posts/{id}/publish",
    tag: "Posts",
    summary: "Publish a post now.",
    auth: "user",
    brand: true,
    pathParams: postId,
    response: json("200", "The updated post."),
    errors: ["409", "502"],
  },

  // Media
  {
    method: "post",
    path: "/api/media",
    tag: "Media",
    summary: "Upload an image for the brand (JPEG, PNG, GIF or WebP, at most 5MB).",
    auth: "user",
    brand: true,
    body: "multipart",
    description: UPLOAD_REFUSALS,
    response: json("201", "The stored image with a signed link."),
  },
  {
    method: "post",
    path: "/api/media/chat",
    tag: "Media",
    summary: "Upload an image into the brand's chat (watermarked when the brand's mark is on).",
    auth: "user",
    brand: true,
    body: "multipart",
    description: UPLOAD_REFUSALS,
    response: json("201", "The stored image with a signed link."),
  },
  {
    method: "get",
    path: "/api/media/{id}/file",
    tag: "Media",
    summary: "The bytes of a stored image, through a signed link (the link is the permission).",
    auth: "signed-link",
    pathParams: { id: "The image's id." },
    response: {
      status: "200",
      description: "The image.",
      contentType: "image/*",
      schema: { type: "string", contentMediaType: "image/*" },
    },
    errors: ["404"],
  },
  {
    method: "get",
    path: "/api/media/{id}",
    tag: "Media",
    summary: "One of the brand's images with a fresh signed link.",
    auth: "user",
    brand: true,
    pathParams: { id: "The image's id." },
    response: json("200", "The image and its signed link."),
  },

  // Watermark
  {
    method: "get",
    path: "/api/watermark",
    tag: "Watermark",
    summary: "The brand's watermark settings and images.",
    auth: "user",
    brand: true,
    response: json("200", "The watermark."),
  },
  {
    method: "post",
    path: "/api/watermark/image",
    tag: "Watermark",
    summary: "Upload a watermark image.",
    auth: "user",
    brand: true,
    body: "multipart",
    description: UPLOAD_REFUSALS,
    response: json("201", "The stored watermark image."),
  },
  {
    method: "post",
    path: "/api/watermark/remove-background",
    tag: "Watermark",
    summary: "Make a copy of a watermark image without its background.",
    auth: "user",
    brand: true,
    body: removeWatermarkBackgroundInput,
    response: json("201", "The new watermark image."),
  },
  {
    method: "put",
    path: "/api/watermark",
    tag: "Watermark",
    summary: "Save the brand's watermark settings.",
    auth: "user",
    brand: true,
    body: saveWatermarkInput,
    response: json("200", "The saved watermark."),
  },
  {
    method: "delete",
    path: "/api/watermark",
    tag: "Watermark",
    summary: "Remove the brand's watermark.",
    auth: "user",
    brand: true,
    response: json("200", "The removal's result."),
  },

  // Notifications
  {
    method: "get",
    path: "/api/notifications",
    tag: "Notifications",
    summary: "The caller's notifications (new ones arrive over /api/events).",
    auth: "user",
    response: json("200", "The notifications."),
  },
  {
    method: "post",
    path: "/api/notifications/read",
    tag: "Notifications",
    summary: "Mark notifications read: the given ids, or all of them without ids.",
    auth: "user",
    body: markNotificationsReadInput,
    response: json("200", "The result."),
  },
  {
    method: "delete",
    path: "/api/notifications/{id}",
    tag: "Notifications",
    summary: "Delete a notification.",
    auth: "user",
    pathParams: { id: "The notification's id." },
    response: { status: "204", description: "Deleted; no body." },
  },

  // Account
  {
    method: "get",
    path: "/api/plan",
    tag: "Account",
    summary: "The caller's plan and what is left of it.",
    auth: "user",
    response: json("200", "The plan and its usage."),
  },
  {
    method: "get",
    path: "/api/image-styles",
    tag: "Account",
    summary: "The image style catalogue with what the caller's plan allows.",
    auth: "user",
    response: json("200", "The image styles."),
  },
  {
    method: "post",
    path: "/api/enhance-content",
    tag: "Account",
    summary: "Improve a field's text with AI (the Enhance buttons; works before the first brand exists).",
    auth: "user",
    brand: true,
    body: enhanceContentInput,
    response: json("200", "The improved text."),
    errors: ["502"],
  },
  {
    method: "post",
    path: "/api/data-deletion-requests",
    tag: "Account",
    summary: "Ask for a person's data to be erased (no sign-in needed).",
    auth: "open",
    body: requestDataDeletionInput,
    response: json("201", "The recorded request."),
  },

  // Chat
  {
    method: "get",
    path: "/api/chat",
    tag: "Chat",
    summary: "The stored conversation of the caller and brand.",
    auth: "user",
    brand: true,
    response: json("200", "The conversation."),
  },
  {
    method: "post",
    path: "/api/chat",
    tag: "Chat",
    summary: "Send the conversation; the answer streams back as AI SDK UI messages.",
    description:
      "Failures after the stream has started arrive inside the stream, not as an error status. The " +
      "conversation is saved when the turn ends.",
    auth: "user",
    brand: true,
    body: chatRequestInput,
    response: {
      status: "200",
      description: "An AI SDK UI message stream.",
      contentType: "text/event-stream",
    },
  },
  {
    method: "delete",
    path: "/api/chat",
    tag: "Chat",
    summary: "Clear the stored conversation of the caller and brand.",
    auth: "user",
    brand: true,
    response: json("200", "The result."),
  },
];

/** better-auth answers /api/auth/*; documented as one entry plus the API key endpoint of API.md. */
export const authPaths = {
  "/api/auth/{path}": Object.fromEntries(
    (["get", "post"] as const).map((method) => [
      method,
      {
        operationId: `betterAuth${method === "get" ? "Get" : "Post"}`,
        tags: ["Auth"],
        summary: "better-auth's endpoints (sign-up, sign-in, sign-out, session, password, social login).",
        description:
          "Every path under /api/auth/ is answered by better-auth (https://www.better-auth.com/docs), not " +
          "by this API, and uses better-auth's own bodies and error answers.",
        security: [],
        parameters: [
          {
            name: "path",
            in: "path",
            required: true,
            description: "better-auth's path, e.g. `sign-in/email`, `sign-out` or `get-session`.",
            schema: { type: "string" },
          },
        ],
        responses: { default: { description: "better-auth's answer." } },
      },
    ]),
  ),
  "/api/auth/api-key/create": {
    post: {
      operationId: "createApiKey",
      tags: ["Auth"],
      summary: "Create an API key (better-auth's API key plugin; the Enterprise plan).",
      description: "The key is shown once; send it as `Authorization: Bearer <key>`.",
      security: [{ session: [] }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
          },
        },
      },
      responses: {
        "200": {
          description: "The new key and better-auth's record of it.",
          content: {
            "application/json": {
              schema: { type: "object", required: ["key"], properties: { key: { type: "string" } } },
            },
          },
        },
        "401": { $ref: "#/components/responses/Unauthenticated" },
        "403": { $ref: "#/components/responses/Forbidden" },
      },
    },
  },
};

/** Shared error answers (components.responses), all in API.md's shape. */
export const errorResponseComponents = {
  InvalidInput: ["400", "invalid_input", "The body or query does not match its schema; `issues` says where."],
  Unauthenticated: ["401", "unauthenticated", "No session cookie and no valid API key."],
  Forbidden: [
    "403",
    "forbidden",
    "The plan lacks the feature (API keys need Enterprise; premium image styles need a paid plan).",
  ],
  NotFound: [
    "404",
    "not_found",
    "No such object, or one that is not the caller's (another user's ids and brands are 404 too).",
  ],
  Conflict: ["409", "conflict", "The object's current state does not allow the action."],
  QuotaExceeded: ["429", "quota_exceeded", "The plan's quota is used up; the message is the product's text."],
  UpstreamFailed: ["502", "upstream_failed", "The AI provider, the social network or billing failed."],
} as const;

const responseByStatus = Object.fromEntries(
  Object.entries(errorResponseComponents).map(([name, [status]]) => [status, name]),
) as Record<ErrorStatus, keyof typeof errorResponseComponents>;

/** The JSON Schema of a zod schema as a caller sends it (the same conversion as the tool schemas). */
export function toInputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

export const brandHeader = {
  name: "X-Brand-Id",
  in: "header",
  required: false,
  description: "Act on another brand of the same user instead of the active one.",
  schema: { type: "string", format: "uuid" },
};

function queryParameters(schema: z.ZodType) {
  const json = toInputJsonSchema(schema) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      ...(typeof description === "string" ? { description } : {}),
      schema: propertySchema,
    };
  });
}

/** The error statuses an entry answers with, in order. */
export function errorStatuses(route: RestRoute): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors ?? []);
  if (route.body || route.query) statuses.add("400");
  if (route.auth === "user" || route.auth === "session") {
    statuses.add("401");
    statuses.add("403");
  }
  if (route.brand || route.pathParams) statuses.add("404");
  return [...statuses].sort();
}

/** `restGetPostsById`: derived from method and path; the prefix keeps it apart from the tools' ids. */
export const operationId = (route: RestRoute) =>
  "rest" +
  route.method[0]?.toUpperCase() +
  route.method.slice(1) +
  route.path
    .replace(/^\/api/, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => {
      const word = part.replace(/[{}]/g, "");
      return (part.startsWith("{") ? "By" : "") + word[0]?.toUpperCase() + word.slice(1);
    })
    .join("");

function toOperation(route: RestRoute) {
  const parameters = [
    ...Object.entries(route.pathParams ?? {}).map(([name, description]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string" },
    })),
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.auth === "signed-link"
      ? [
          {
            name: "expires",
            in: "query",
            required: true,
            description: "The link's expiry, seconds since the epoch.",
            schema: { type: "integer" },
          },
          {
            name: "signature",
            in: "query",
            required: true,
            description: "The link's signature.",
            schema: { type: "string" },
          },
        ]
      : []),
    ...(route.brand ? [brandHeader] : []),
  ];
  const requestBody =
    route.body === "multipart"
      ? {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", format: "binary", description: "The image file." } },
              },
            },
          },
        }
      : route.body
        ? { required: true, content: { "application/json": { schema: toInputJsonSchema(route.body) } } }
        : undefined;
  const { status, description, contentType, schema } = route.response;
  const success =
    status === "204"
      ? { description }
      : {
          description,
          content: { [contentType ?? "application/json"]: schema ? { schema } : {} },
        };
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.auth === "open" || route.auth === "signed-link" ? { security: [] } : {}),
    ...(route.auth === "session" ? { security: [{ session: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [status]: success,
      ...Object.fromEntries(
        errorStatuses(route).map((code) => [
          code,
          { $ref: `#/components/responses/${responseByStatus[code]}` },
        ]),
      ),
    },
  };
}

/** The catalogue as OpenAPI paths (several methods of one path share its path item). */
export function restPaths(): Record<string, Record<string, ReturnType<typeof toOperation>>> {
  const paths: Record<string, Record<string, ReturnType<typeof toOperation>>> = {};
  for (const route of restCatalogue) {
    const item = paths[route.path] ?? {};
    item[route.method] = toOperation(route);
    paths[route.path] = item;
  }
  return paths;
}
