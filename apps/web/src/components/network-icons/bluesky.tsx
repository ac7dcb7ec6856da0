import type { NetworkIconProps } from "./types";

/** Bluesky's butterfly, simplified. */
export function BlueskyIcon(props: NetworkIconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M5.2 2.8C7.95 4.87 10.9 9.05 12 11.3c1.1-2.25 4.05-6.43 6.8-8.5C20.78 1.32 24 .17 24 3.83c0 .73-.42 6.15-.67 7.03-.86 3.06-3.97 3.84-6.75 3.37 4.85.83 6.08 3.56 3.42 6.3-5.06 5.19-7.27-1.3-7.84-2.97-.1-.3-.15-.45-.16-.33 0-.12-.05.03-.16.33-.57 1.67-2.78 8.16-7.84 2.97-2.66-2.74-1.43-5.47 3.42-6.3-2.78.47-5.9-.31-6.75-3.37C.42 9.98 0 4.56 0 3.83 0 .17 3.22 1.32 5.2 2.8Z" />
    </svg>
  );
}
