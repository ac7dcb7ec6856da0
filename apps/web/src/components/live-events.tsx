import { toast } from "sonner";

import { UpgradeWizard } from "@/components/upgrade-wizard/upgrade-wizard-dialog";
import { type AppEventOf, useAppEvent, useLiveEvents } from "@/lib/events";

// Core spec section 9: success toasts 2000 ms; plain (info) and error toasts 4000 ms.
const TOAST_MS = { success: 2000, info: 4000, error: 4000 } as const;

function showNotificationToast({ notification }: AppEventOf<"notification.created">) {
  // The notification's id as the toast's, so one notice never stacks twice.
  const options = { id: notification.id, duration: TOAST_MS[notification.kind] };
  if (notification.kind === "success") toast.success(notification.message, options);
  else if (notification.kind === "error") toast.error(notification.message, options);
  else toast.info(notification.message, options);
}

/**
 * Mounted once for every signed-in screen: holds the page's realtime connection, toasts each new
 * notification as it arrives, and hosts the upgrade welcome dialog, which also belongs to every screen.
 */
export function LiveEvents() {
  useLiveEvents();
  useAppEvent("notification.created", showNotificationToast);
  return <UpgradeWizard />;
}
