import type { NetworkIconProps } from "./types";

/** Telegram's paper plane cut out of a disc, simplified. */
export function TelegramIcon(props: NetworkIconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d="M12 0a12 12 0 1 0 0 24 12 12 0 1 0 0-24ZM5.4 11.6 17.3 7c.6-.2 1.1.2.9 1l-2 9.1c-.15.7-.6.9-1.15.55L12 15.4l-1.5 1.45c-.15.15-.3.25-.6.25l.2-3.1 5.7-5.15c.25-.25-.05-.35-.4-.15l-7.05 4.45-3.05-.95c-.65-.2-.65-.35.1-.6Z"
      />
    </svg>
  );
}
