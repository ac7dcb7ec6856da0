import { useState } from "react";

import { readableTextOn, toSixDigitColor } from "@/lib/colors";

export type BrandPreviewColors = { primary: string; secondary: string; accent: string };

/** Only addresses a browser can load without leaving the page's origin rules surprised. */
function isLoadableLogo(value: string): boolean {
  return /^(https?:\/\/|\/|data:image\/)/i.test(value.trim());
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "").slice(0, 2);
  return letters.toUpperCase() || "?";
}

function BrandAvatar({ name, logo, colors }: { name: string; logo: string; colors: BrandPreviewColors }) {
  // Remembers which address failed, so typing a new one tries again.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const showLogo = isLoadableLogo(logo) && failedLogo !== logo;
  return (
    <span
      className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-semibold ring-2 ring-offset-2 ring-offset-card"
      style={{
        backgroundColor: colors.primary,
        backgroundImage: `linear-gradient(135deg, ${colors.primary}, ${colors.secondary})`,
        color: readableTextOn(colors.primary),
        ["--tw-ring-color" as string]: colors.accent,
      }}
      aria-hidden="true"
    >
      {showLogo ? (
        <img
          src={logo.trim()}
          alt=""
          className="size-full bg-card object-contain"
          onError={() => setFailedLogo(logo)}
        />
      ) : (
        initials(name)
      )}
    </span>
  );
}

/**
 * How the brand shows on brand-owned things (avatar, chip, previews): its name and its three colours,
 * following the form as the user types.
 */
export function BrandPreview({
  name,
  logo,
  colors: typed,
  fallbackColors,
}: {
  name: string;
  logo: string;
  colors: BrandPreviewColors;
  fallbackColors: BrandPreviewColors;
}) {
  const colors: BrandPreviewColors = {
    primary: toSixDigitColor(typed.primary, fallbackColors.primary),
    secondary: toSixDigitColor(typed.secondary, fallbackColors.secondary),
    accent: toSixDigitColor(typed.accent, fallbackColors.accent),
  };
  const shownName = name.trim() || "Your brand";
  const swatches = [
    { label: "Primary", color: colors.primary },
    { label: "Secondary", color: colors.secondary },
    { label: "Accent", color: colors.accent },
  ];
  return (
    <figure
      className="flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-xs"
      data-testid="brand-preview"
    >
      <BrandAvatar name={shownName} logo={logo} colors={colors} />
      <figcaption className="min-w-0 flex-1">
        <span
          className="block truncate text-sm font-semibold"
          title={shownName}
          data-testid="brand-preview-name"
        >
          {shownName}
        </span>
        <span className="mt-1.5 flex items-center gap-1.5">
          {swatches.map((swatch) => (
            <span
              key={swatch.label}
              className="h-2.5 w-7 rounded-full border border-black/10 dark:border-white/15"
              style={{ backgroundColor: swatch.color }}
              title={`${swatch.label} ${swatch.color.toUpperCase()}`}
              data-testid={`brand-preview-${swatch.label.toLowerCase()}`}
            />
          ))}
          <span className="sr-only">
            {swatches.map((swatch) => `${swatch.label} ${swatch.color.toUpperCase()}`).join(", ")}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
