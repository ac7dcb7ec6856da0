import { index, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, primaryId, timestamptz } from "./columns";
import { dataDeletionStatusEnum } from "./enums";

/**
 * Requests from the public /delete page. The page is reachable signed out, so the e-mail identifies the
 * requester; the user link survives only until the account itself is erased.
 */
export const dataDeletionRequests = pgTable(
  "data_deletion_requests",
  {
    id: primaryId(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    reason: text("reason"),
    status: dataDeletionStatusEnum("status").default("pending").notNull(),
    createdAt: createdAt(),
    processedAt: timestamptz("processed_at"),
  },
  (t) => [
    // The processing job takes pending requests oldest first (personal data removed within 30 days).
    index("data_deletion_requests_status_created_at_idx").on(t.status, t.createdAt),
    index("data_deletion_requests_user_id_idx").on(t.userId),
    index("data_deletion_requests_email_idx").on(t.email),
  ],
);

export type DataDeletionRequest = typeof dataDeletionRequests.$inferSelect;
