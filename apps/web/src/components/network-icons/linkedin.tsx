import type { NetworkIconProps } from "./types";

/** LinkedIn's "in" in a rounded square, simplified (the letters cut out). */
export function LinkedInIcon(props: NetworkIconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" fillRule="evenodd" aria-hidden="true" {...props}>
      <path d="M3 0h18a3 3 0 0 1 3 3v18a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3V3a3 3 0 0 1 3-3ZM4.3 6.4a1.9 1.9 0 1 0 3.8 0 1.9 1.9 0 1 0-3.8 0ZM4.5 9.4h3.4V20H4.5ZM10.2 9.4h3.3v1.5c.6-1 1.9-1.8 3.6-1.8 3 0 3.9 1.9 3.9 4.8V20h-3.4v-5.4c0-1.4-.3-2.5-1.8-2.5s-2.3 1.1-2.3 2.6V20h-3.3Z" />
    </svg>
  );
}
