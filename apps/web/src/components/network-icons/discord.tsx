import type { NetworkIconProps } from "./types";

/** Discord's controller-shaped face with two eyes, simplified. */
export function DiscordIcon(props: NetworkIconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path
        fillRule="evenodd"
        d="M6.5 5C8 4.3 9.5 4 10.5 3.9L11 5h2l.5-1.1c1 .1 2.5.4 4 1.1 2.3 3.5 3.3 7 3.1 11-1.6 1.2-3.2 2-4.8 2.5l-.9-1.5c-1 .3-1.9.4-2.9.4s-1.9-.1-2.9-.4l-.9 1.5C6.6 18 5 17.2 3.4 16 3.2 12 4.2 8.5 6.5 5ZM7.7 12.5a1.5 1.7 0 1 0 3 0 1.5 1.7 0 1 0-3 0Zm5.6 0a1.5 1.7 0 1 0 3 0 1.5 1.7 0 1 0-3 0Z"
      />
    </svg>
  );
}
