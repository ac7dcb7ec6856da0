import { isHexColor, normalizeHexColor } from "@smm/domain/web";

/**
 * `<input type="color">` and the preview need #rrggbb: "#abc" is widened, and an invalid value (mid-typing)
 * shows the fallback (the saved colour) instead.
 */
export function toSixDigitColor(value: string, fallback: string): string {
  const source = isHexColor(value) ? value : isHexColor(fallback) ? fallback : "#000000";
  const digits = normalizeHexColor(source).slice(1);
  const six =
    digits.length === 3
      ? digits
          .split("")
          .map((digit) => digit + digit)
          .join("")
      : digits;
  return `#${six.toLowerCase()}`;
}

/** Black or white, whichever reads better on the given #rrggbb background (WCAG relative luminance). */
export function readableTextOn(background: string): "#000000" | "#ffffff" {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); they cross near L = 0.179.
  return luminance > 0.179 ? "#000000" : "#ffffff";
}
