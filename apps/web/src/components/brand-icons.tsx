import type * as React from "react";

/*
 * lucide-react 1.x ships no brand marks, so the few other brands we name are drawn here (the networks we
 * publish to have theirs in network-icons/, one file each). Simplified shapes, single colour
 * (currentColor), decorative unless given a title.
 */
type IconProps = React.SVGProps<SVGSVGElement>;

export function MetaIcon(props: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      aria-hidden="true"
      {...props}
    >
      <path d="M3 15.5c0-4 2.2-8 4.6-8 3.4 0 5.6 9 8.8 9 1.9 0 2.6-1.6 2.6-3.4 0-3.2-2-7.6-4.6-7.6-2.4 0-4 3.3-5.4 5.7C7.6 13.8 6.4 16.5 4.9 16.5 3.8 16.5 3 16.1 3 15.5Z" />
    </svg>
  );
}

export function GoogleIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M21.6 10.2H12v3.9h5.5c-.5 2.5-2.6 3.9-5.5 3.9a6 6 0 1 1 3.9-10.6l2.9-2.8A10 10 0 1 0 12 22c5.8 0 9.7-4.1 9.7-9.8 0-.7-.1-1.3-.1-2Z" />
    </svg>
  );
}

export function TikTokIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M16.6 2h-3.3v13.4a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V9.2a6.3 6.3 0 1 0 5.3 6.2V8.6a8.1 8.1 0 0 0 4.7 1.5V6.8A4.8 4.8 0 0 1 16.6 2Z" />
    </svg>
  );
}
