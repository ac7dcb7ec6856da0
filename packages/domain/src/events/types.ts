/**
 * Realtime events pushed to a user's open pages over GET /api/events. Every event names the user it
 * belongs to; the stream only ever forwards the caller's own events.
 */
export type AppEvent =
  | {
      type: "notification.created";
      notification: { id: string; message: string; kind: "success" | "error" | "info"; createdAt: string };
    }
  | { type: "notification.updated"; ids: string[] }
  | { type: "notification.deleted"; ids: string[] }
  | { type: "brand.changed"; brandId: string }
  | { type: "agent.settings.changed" }
  /** The subscription read model changed: open pages re-read the plan (billing webhook). */
  | { type: "plan.changed" }
  | { type: "post.changed"; brandId: string; postId: string; change: "created" | "updated" | "deleted" }
  /** Something came in (or changed) in a post's inbox: open inbox pages and the sidebar's badge re-read. */
  | { type: "inbox.changed"; brandId: string; postId: string; added: number }
  | { type: "generation.progress"; brandId: string; postId: string; percent: number; stage: string };

export interface AddressedEvent {
  userId: string;
  event: AppEvent;
}

/** The port: publish from any use case, subscribe from the SSE route, on any server instance. */
export interface EventBus {
  publish(userId: string, event: AppEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: AddressedEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
