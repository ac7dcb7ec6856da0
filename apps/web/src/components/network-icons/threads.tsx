import type { NetworkIconProps } from "./types";

/** Threads' "@" mark, simplified: an open ring around a bowl whose stem hooks into the ring's end. */
export function ThreadsIcon(props: NetworkIconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M17 20.66A10 10 0 1 1 21.66 14.59L19.53 14.02A7.8 7.8 0 1 0 15.9 18.75Z" />
      <path
        fillRule="evenodd"
        d="M11.2 8.2a3.8 3.8 0 1 0 0 7.6a3.8 3.8 0 1 0 0-7.6Zm0 2a1.8 1.8 0 1 1 0 3.6a1.8 1.8 0 1 1 0-3.6Z"
      />
      <path d="M15 8.4h2v4.6a1.2 1.2 0 0 0 1.2 1.2h2.3l-.6 2h-1.7a3.2 3.2 0 0 1-3.2-3.2Z" />
    </svg>
  );
}
