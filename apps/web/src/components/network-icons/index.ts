/// <reference types="vite/client" />
import type { PostPlatform } from "@smm/domain/web";

import type { NetworkIconComponent } from "./types";

export type { NetworkIconComponent, NetworkIconProps } from "./types";

// Each network's mark is its file here, named after its platform (bluesky.tsx), exporting one component:
// a new network's icon is found without a line in this file.
const modules = import.meta.glob<Record<string, NetworkIconComponent>>("./*.tsx", { eager: true });

/** Each network's mark, by platform. */
export const networkIcons = Object.fromEntries(
  Object.entries(modules).flatMap(([path, module]) => {
    const icon = Object.values(module).find((value) => typeof value === "function");
    return icon ? [[path.replace(/^\.\/|\.tsx$/g, ""), icon]] : [];
  }),
) as Record<PostPlatform, NetworkIconComponent>;
