import { type PostPlatform, platformLabels } from "@smm/domain/web";
import { RadioTowerIcon } from "lucide-react";

import { cn } from "@/lib/utils";

import { networkIcons } from "./network-icons";

/**
 * A network's mark. Decorative by default (its name is beside it); with `label` it is read out as the
 * network's name, for the places that show the icon alone.
 */
export function NetworkIcon({
  platform,
  label = false,
  className,
}: {
  platform: PostPlatform;
  label?: boolean;
  className?: string;
}) {
  // A network whose mark is not drawn yet still gets one (networkIcons is found by file name).
  const Icon = networkIcons[platform] ?? RadioTowerIcon;
  const name = platformLabels[platform];
  return (
    <Icon
      className={cn("size-4 shrink-0", className)}
      {...(label ? { role: "img", "aria-label": name, "aria-hidden": false } : { "aria-hidden": true })}
      data-network={platform}
    />
  );
}
