import { useEffect, useRef, useState } from "react";

import { copyText } from "@/lib/clipboard";

const COPIED_MS = 2_000;

/** Copying a written caption: "copied" or "failed" shows for two seconds, then the button is back. */
export function useCopyCaption(caption: string) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    const next = await copyText(caption).then(
      () => "copied" as const,
      () => "failed" as const,
    );
    setStatus(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus("idle"), COPIED_MS);
  };
  return { status, copy: () => void copy() };
}
