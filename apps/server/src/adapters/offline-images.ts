import { AppError } from "@smm/domain/errors";
import { IMAGE_GENERATION_FAILED } from "@smm/domain/generation";
import type { GeneratedImage, ImageGenerationRequest, ImageGenerator } from "@smm/domain/ports";
import type SharpFactory from "sharp";
import type { Logger } from "../lib/logger";
import { loadSharp } from "./lazy-sharp";
import { hashText } from "./offline-choice";

/** Bound on first use (see lazy-sharp.ts); every public method awaits it before any pixel work. */
let sharp: typeof SharpFactory;

/** Square, so one picture fits both Instagram's feed and Facebook's. */
export const OFFLINE_IMAGE_SIZE = 1080;
const S = OFFLINE_IMAGE_SIZE;

// The spec's brand defaults: used when a stored colour cannot be read, so a bad value never breaks a post.
const fallbackColors = { primary: "#3B82F6", secondary: "#8B5CF6", accent: "#10B981" } as const;
const INK = "#1F1A17";

interface Rgb {
  r: number;
  g: number;
  b: number;
}

interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  rgb: { primary: Rgb; secondary: Rgb; accent: Rgb };
}

/** mulberry32: tiny, fast and good enough to spread layouts; Math.random would break determinism. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** Brand colours are validated as 3- or 6-digit hex with an optional '#'; anything else must not reach the SVG. */
function parseHex(value: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function mixRgb(a: Rgb, b: Rgb, amount: number): Rgb {
  return { r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount };
}

/** Mixing in JS rather than with SVG opacity keeps every fill opaque, which resvg draws without extra layers. */
const mix = (a: Rgb, b: Rgb, amount: number): string => toHex(mixRgb(a, b, amount));

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 8, g: 10, b: 24 };
const tint = (c: Rgb, amount: number) => mix(c, WHITE, amount);
const shade = (c: Rgb, amount: number) => mix(c, BLACK, amount);
const shadeRgb = (c: Rgb, amount: number) => mixRgb(c, BLACK, amount);

function palette(brand: ImageGenerationRequest["brand"]): Palette {
  const primary = parseHex(brand.primaryColor) ?? (parseHex(fallbackColors.primary) as Rgb);
  const secondary = parseHex(brand.secondaryColor) ?? (parseHex(fallbackColors.secondary) as Rgb);
  const accent = parseHex(brand.accentColor) ?? (parseHex(fallbackColors.accent) as Rgb);
  return {
    primary: toHex(primary),
    secondary: toHex(secondary),
    accent: toHex(accent),
    rgb: { primary, secondary, accent },
  };
}

const n = (value: number) => Math.round(value);

/** Clean flat geometry on a light ground: a corner field, cards on a grid, a ring and a dot matrix. */
function professional(p: Palette, dice: Dice): string {
  const out: string[] = [`<rect width="${S}" height="${S}" fill="${tint(p.rgb.primary, 0.9)}"/>`];
  // A diagonal field in the primary colour anchors one side; which side and how far comes from the brief.
  const corner = dice.int(0, 3);
  const reach = dice.float(0.55, 0.85) * S;
  const fields = [
    `0,0 ${n(reach)},0 0,${n(reach * 1.2)}`,
    `${S},0 ${S},${n(reach * 1.2)} ${n(S - reach)},0`,
    `${S},${S} ${n(S - reach)},${S} ${S},${n(S - reach * 1.2)}`,
    `0,${S} 0,${n(S - reach * 1.2)} ${n(reach)},${S}`,
  ];
  out.push(`<polygon points="${fields[corner]}" fill="${p.primary}"/>`);
  // A smaller echo of the opposite field, pulled toward the centre, balances the composition.
  out.push(
    `<polygon points="${fields[(corner + 2) % 4]}" fill="${tint(p.rgb.secondary, 0.55)}" transform="translate(${S / 2} ${S / 2}) scale(0.6) translate(${-S / 2} ${-S / 2})"/>`,
  );
  // Cards snapped to a 6x6 grid read as designed rather than scattered.
  const cell = S / 6;
  const colors = [p.secondary, p.accent, shade(p.rgb.primary, 0.35), p.secondary];
  const taken = new Set<number>();
  for (let i = 0; i < 4; i++) {
    const w = dice.int(1, 2);
    const h = dice.int(1, 2);
    const x = dice.int(0, 6 - w);
    const y = dice.int(0, 6 - h);
    const cells: number[] = [];
    for (let dx = 0; dx < w; dx++) for (let dy = 0; dy < h; dy++) cells.push((y + dy) * 6 + x + dx);
    // Overlapping cards look like a mistake, not a layout.
    if (cells.some((c) => taken.has(c))) continue;
    for (const c of cells) taken.add(c);
    out.push(
      `<rect x="${n(x * cell + 18)}" y="${n(y * cell + 18)}" width="${n(w * cell - 36)}" height="${n(h * cell - 36)}" rx="28" fill="${colors[i]}"/>`,
    );
  }
  // The accent always gets a solid disc, so every picture carries all three brand colours.
  const cx = dice.float(0.25, 0.75) * S;
  const cy = dice.float(0.25, 0.75) * S;
  const radius = dice.float(90, 170);
  out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${p.accent}"/>`);
  out.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius + 46)}" fill="none" stroke="${p.secondary}" stroke-width="10"/>`,
  );
  // A dot matrix gives texture without gradients.
  const dotsX = dice.float(0.08, 0.6) * S;
  const dotsY = dice.float(0.08, 0.6) * S;
  const dots: string[] = [];
  for (let row = 0; row < 5; row++)
    for (let col = 0; col < 5; col++) dots.push(`M${n(dotsX + col * 34)} ${n(dotsY + row * 34)}h0`);
  out.push(
    `<path d="${dots.join("")}" stroke="${shade(p.rgb.primary, 0.5)}" stroke-width="10" stroke-linecap="round"/>`,
  );
  const lineY = dice.float(0.15, 0.85) * S;
  out.push(
    `<path d="M${n(S * 0.08)} ${n(lineY)}H${n(S * dice.float(0.3, 0.6))}" stroke="${shade(p.rgb.secondary, 0.3)}" stroke-width="8" stroke-linecap="round"/>`,
  );
  return out.join("");
}

/** A five-pointed star around (cx, cy). */
function star(cx: number, cy: number, outer: number, turn: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : outer * 0.45;
    const angle = turn + (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${n(cx + r * Math.cos(angle))},${n(cy + r * Math.sin(angle))}`);
  }
  return points.join(" ");
}

/** Bold outlined shapes with sticker shadows on a warm paper ground: a sun, rolling hills, clouds, stars. */
function cartoon(p: Palette, dice: Dice): string {
  const out: string[] = [`<rect width="${S}" height="${S}" fill="#FFF6E0"/>`];
  const stroke = `stroke="${INK}" stroke-width="14" stroke-linejoin="round"`;
  // Sun with rays.
  const sx = dice.float(0.2, 0.8) * S;
  const sy = dice.float(0.15, 0.35) * S;
  const sr = dice.float(80, 120);
  const rays: string[] = [];
  const rayTurn = dice.float(0, Math.PI / 6);
  for (let i = 0; i < 10; i++) {
    const a = rayTurn + (Math.PI / 5) * i;
    rays.push(
      `M${n(sx + Math.cos(a) * (sr + 28))} ${n(sy + Math.sin(a) * (sr + 28))}L${n(sx + Math.cos(a) * (sr + 70))} ${n(sy + Math.sin(a) * (sr + 70))}`,
    );
  }
  out.push(`<path d="${rays.join("")}" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>`);
  out.push(`<circle cx="${n(sx + 10)}" cy="${n(sy + 10)}" r="${n(sr)}" fill="${INK}"/>`);
  out.push(`<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr)}" fill="${p.accent}" ${stroke}/>`);
  // Two rolling hills, drawn back to front.
  for (const [index, color] of [p.secondary, p.primary].entries()) {
    const base = S * (0.62 + index * 0.12);
    const bumps = dice.int(2, 3);
    let d = `M-20 ${S + 20}L-20 ${n(base)}`;
    const step = (S + 40) / bumps;
    for (let i = 0; i < bumps; i++) {
      const x0 = -20 + i * step;
      const lift = dice.float(60, 160);
      d += `C${n(x0 + step * 0.3)} ${n(base - lift)} ${n(x0 + step * 0.7)} ${n(base - lift)} ${n(x0 + step)} ${n(base)}`;
    }
    d += `L${S + 20} ${S + 20}Z`;
    out.push(`<path d="${d}" fill="${color}" ${stroke}/>`);
  }
  // Clouds: puffs stroked first and filled again on top, so only the union's outline shows.
  for (let i = 0; i < 2; i++) {
    const cx = dice.float(0.15, 0.85) * S;
    const cy = dice.float(0.08, 0.4) * S;
    const r = dice.float(34, 52);
    const puffs = [
      `<circle cx="${n(cx - r)}" cy="${n(cy)}" r="${n(r * 0.8)}"/>`,
      `<circle cx="${n(cx)}" cy="${n(cy - r * 0.45)}" r="${n(r)}"/>`,
      `<circle cx="${n(cx + r * 0.95)}" cy="${n(cy - r * 0.05)}" r="${n(r * 0.75)}"/>`,
      `<rect x="${n(cx - r * 1.8)}" y="${n(cy)}" width="${n(r * 3.5)}" height="${n(r * 0.8)}" rx="${n(r * 0.4)}"/>`,
    ].join("");
    out.push(`<g fill="#FFFFFF" ${stroke}>${puffs}</g><g fill="#FFFFFF">${puffs}</g>`);
  }
  // Stars and bubbles in the brand colours, each with an offset ink shadow.
  const colors = [p.primary, p.secondary, p.accent];
  const count = dice.int(3, 5);
  for (let i = 0; i < count; i++) {
    const x = dice.float(0.1, 0.9) * S;
    const y = dice.float(0.35, 0.85) * S;
    const size = dice.float(40, 80);
    const fill = colors[i % 3];
    if (dice.chance(0.6)) {
      const turn = dice.float(0, Math.PI);
      out.push(`<polygon points="${star(x + 8, y + 8, size, turn)}" fill="${INK}"/>`);
      out.push(`<polygon points="${star(x, y, size, turn)}" fill="${fill}" ${stroke}/>`);
    } else {
      out.push(`<circle cx="${n(x + 8)}" cy="${n(y + 8)}" r="${n(size * 0.7)}" fill="${INK}"/>`);
      out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.7)}" fill="${fill}" ${stroke}/>`);
    }
  }
  // Sparkles: small crosses.
  const sparkles: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = dice.float(0.05, 0.95) * S;
    const y = dice.float(0.05, 0.55) * S;
    sparkles.push(`M${n(x - 16)} ${n(y)}H${n(x + 16)}M${n(x)} ${n(y - 16)}V${n(y + 16)}`);
  }
  out.push(`<path d="${sparkles.join("")}" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>`);
  return out.join("");
}

/** A ridge line across the picture, jagged by the brief. */
function ridge(dice: Dice, base: number, height: number, peaks: number): string {
  let d = `M0 ${S}L0 ${n(base - dice.float(0, height * 0.4))}`;
  const step = S / (peaks * 2);
  for (let i = 1; i <= peaks * 2; i++) {
    const up = i % 2 === 1;
    const y = up ? base - dice.float(height * 0.5, height) : base - dice.float(0, height * 0.35);
    // The last point stays on the right edge, or the range would end in a sheer cliff short of it.
    const x = i === peaks * 2 ? S : i * step + dice.float(-step * 0.3, step * 0.3);
    d += `L${n(x)} ${n(y)}`;
  }
  return `${d}L${S} ${S}Z`;
}

/**
 * A vertical gradient as flat bands one or two levels apart: indistinguishable at 8 bits per channel, yet a
 * third of the cost of a gradient paint in resvg (measured ~6 ms per full-width gradient at 1080 px).
 */
function bands(
  top: number,
  bottom: number,
  stops: readonly { at: number; color: Rgb }[],
  count: number,
): string {
  const out: string[] = [];
  const height = bottom - top;
  for (let i = 0; i < count; i++) {
    const y0 = n(top + (height * i) / count);
    const y1 = n(top + (height * (i + 1)) / count);
    const t = (i + 0.5) / count;
    const after = stops.findIndex((stop) => stop.at >= t);
    const hi = stops[Math.max(0, after)] ?? stops[stops.length - 1];
    const lo = stops[Math.max(0, after - 1)] ?? hi;
    if (!lo || !hi) continue;
    const amount = hi.at === lo.at ? 0 : (t - lo.at) / (hi.at - lo.at);
    out.push(`<rect y="${y0}" width="${S}" height="${y1 - y0}" fill="${mix(lo.color, hi.color, amount)}"/>`);
  }
  return out.join("");
}

/**
 * Soft light and depth: a graded sky, a glowing sun, mountain ranges that fade with distance and a still lake.
 * One gradient paint (the glow) and no filters, because each costs a pass over a million pixels.
 */
function realistic(p: Palette, dice: Dice): string {
  const horizon = n(dice.float(0.6, 0.7) * S);
  const sunX = n(dice.float(0.2, 0.8) * S);
  const sunY = n(horizon - dice.float(0.12, 0.3) * S);
  const sunR = n(dice.float(46, 70));
  const out: string[] = [
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="${tint(p.rgb.accent, 0.6)}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient></defs>`,
  ];
  // Night above, the brand's secondary colour mid-sky, the accent's light at the horizon.
  out.push(
    bands(
      0,
      horizon,
      [
        { at: 0, color: shadeRgb(p.rgb.secondary, 0.65) },
        { at: 0.55, color: p.rgb.secondary },
        { at: 1, color: mixRgb(p.rgb.accent, WHITE, 0.55) },
      ],
      72,
    ),
  );
  out.push(`<circle cx="${sunX}" cy="${sunY}" r="${sunR * 4}" fill="url(#glow)"/>`);
  out.push(`<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${p.accent}"/>`);
  // Aerial perspective: the farther the range, the more it takes the colour of the sky.
  out.push(
    `<path d="${ridge(dice, horizon, S * 0.28, dice.int(3, 4))}" fill="${mix(p.rgb.secondary, p.rgb.primary, 0.35)}"/>`,
  );
  out.push(`<path d="${ridge(dice, horizon, S * 0.18, dice.int(2, 3))}" fill="${p.primary}"/>`);
  out.push(
    `<path d="${ridge(dice, horizon, S * 0.07, dice.int(4, 6))}" fill="${shade(p.rgb.primary, 0.35)}"/>`,
  );
  out.push(
    bands(
      horizon,
      S,
      [
        { at: 0, color: shadeRgb(p.rgb.secondary, 0.3) },
        { at: 1, color: shadeRgb(p.rgb.secondary, 0.8) },
      ],
      40,
    ),
  );
  // The sun's reflection: a few shimmering strokes under it.
  const shimmer: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = horizon + 24 + i * dice.float(22, 34);
    const half = sunR * (1.4 - i * 0.15) + dice.float(0, 20);
    shimmer.push(`M${n(sunX - half)} ${n(y)}H${n(sunX + half)}`);
  }
  out.push(
    `<path d="${shimmer.join("")}" stroke="${mix(p.rgb.accent, shadeRgb(p.rgb.secondary, 0.3), 0.25)}" stroke-width="6" stroke-linecap="round"/>`,
  );
  // A dark foreground shore gives the lake a near edge.
  out.push(
    `<path d="M0 ${S}L0 ${n(S - dice.float(40, 90))}Q${n(S * dice.float(0.3, 0.6))} ${n(S - dice.float(100, 160))} ${S} ${n(S - dice.float(30, 70))}L${S} ${S}Z" fill="${shade(p.rgb.primary, 0.8)}"/>`,
  );
  return out.join("");
}

/** The SVG for a request; exported so tests can check the markup never carries request text. */
export function drawOfflineSvg(request: ImageGenerationRequest): string {
  const colors = palette(request.brand);
  // The override replaces the brief for the model, but the post's own brief still varies the layout so a
  // brand-wide override does not give every post the same picture.
  const brief = `${request.imagePromptOverride?.trim() ?? ""}\u0000${request.imagePrompt.trim()}`;
  const dice = new Dice(hashText(`${request.imageStyle}\u0000${brief}`));
  const body =
    request.imageStyle === "cartoon"
      ? cartoon(colors, dice)
      : request.imageStyle === "realistic"
        ? realistic(colors, dice)
        : // "custom" means the user's own prompt: the neutral style, laid out by that prompt.
          professional(colors, dice);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${body}</svg>`;
}

/**
 * The embedded offline image model: an SVG composition in the brand's three colours, drawn to PNG. The style
 * changes the drawing (clean geometry, bold outlined shapes, soft light and depth), the brief seeds the
 * layout. Labelled "Offline model" in the UI.
 *
 * Both the rasterising (resvg's renderAsync) and the PNG encoding (sharp) run in libuv's threadpool: resvg's
 * own asPng() encodes on the calling thread and costs more than the drawing itself.
 */
export function createOfflineImageGenerator(options: { logger?: Logger } = {}): ImageGenerator {
  return {
    kind: "offline",
    async generateImage(request): Promise<GeneratedImage> {
      sharp = await loadSharp();
      try {
        const svg = drawOfflineSvg(request);
        // No text is drawn, so no fonts are needed (CI has none, and loading system fonts costs ~100 ms).
        const { renderAsync } = await import("@resvg/resvg-js");
        const rendered = await renderAsync(svg, { font: { loadSystemFonts: false }, logLevel: "off" });
        const { width, height } = rendered;
        // resvg's pixels are premultiplied RGBA; the ground is opaque everywhere, so they equal straight RGB.
        const png = await sharp(rendered.pixels, { raw: { width, height, channels: 4 } })
          .removeAlpha()
          .png({ compressionLevel: 4 })
          .toBuffer();
        return {
          bytes: new Uint8Array(png.buffer, png.byteOffset, png.length),
          mimeType: "image/png",
          width,
          height,
        };
      } catch (error) {
        options.logger?.error("offline image generation failed", { error, style: request.imageStyle });
        throw new AppError("upstream_failed", IMAGE_GENERATION_FAILED);
      }
    },
  };
}
