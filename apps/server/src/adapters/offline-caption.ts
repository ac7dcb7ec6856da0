import type { ContentTone } from "@smm/domain/brands";
import type { ImageCaptionRequest } from "@smm/domain/ports";
import { loadSharp } from "./lazy-sharp";
import { hashText, pick } from "./offline-choice";
import {
  hashtagTerms,
  lowerFirst,
  shortAudience,
  stripEndPunctuation,
  toHashtag,
  toSentence,
} from "./offline-text";

/*
 * The offline model's captions from images: no vision model, so it says only what it can measure in the
 * pixels (the dominant colours, how bright and how colourful the photo is, its orientation and size) and
 * joins that to the brand's profile and the user's context. Deterministic, English, labelled "Offline
 * model" on the screens like the rest of its output.
 */

/** What the offline model can tell about a photo. */
export interface ImageMeasurements {
  /** The one or two colour names that cover most of the photo, most first. */
  colours: string[];
  /** Mean luma, 0 (black) to 255 (white). */
  brightness: number;
  /** Mean saturation, 0 (grey) to 1. */
  saturation: number;
  orientation: "landscape" | "portrait" | "square";
  width: number;
  height: number;
}

/** Far above a 5 MB photo's real size; a decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The photo is measured at this size: colours and light survive, the cost does not. */
const SAMPLE_SIDE = 48;

function colourName(r: number, g: number, b: number): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const value = max / 255;
  const saturation = max === 0 ? 0 : (max - min) / max;
  if (value < 0.18) return "black";
  if (saturation < 0.15) return value > 0.85 ? "white" : "grey";
  let hue = 0;
  if (max === r) hue = (((g - b) / (max - min)) * 60 + 360) % 360;
  else if (max === g) hue = ((b - r) / (max - min)) * 60 + 120;
  else hue = ((r - g) / (max - min)) * 60 + 240;
  if (hue < 15 || hue >= 345) return value < 0.5 ? "deep red" : "red";
  if (hue < 40) return value < 0.6 ? "brown" : "orange";
  if (hue < 65) return value < 0.6 ? "olive" : "golden";
  if (hue < 165) return "green";
  if (hue < 195) return "teal";
  if (hue < 255) return value < 0.5 ? "deep blue" : "blue";
  if (hue < 290) return "purple";
  return "pink";
}

/** Reads the photo's colours, light, orientation and size (EXIF rotation applied, as a viewer shows it). */
export async function measureImage(bytes: Uint8Array): Promise<ImageMeasurements> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const { data } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

  const counts = new Map<string, number>();
  let luma = 0;
  let saturation = 0;
  const pixels = data.length / 3;
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    luma += 0.299 * r + 0.587 * g + 0.114 * b;
    const max = Math.max(r, g, b);
    saturation += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    const name = colourName(r, g, b);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  // A colour names the photo when it covers at least an eighth of it; ties go to the name, for determinism.
  const colours = [...counts.entries()]
    .filter(([, count]) => count >= pixels / 8)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 2)
    .map(([name]) => name);
  const ratio = height === 0 ? 1 : width / height;
  return {
    colours,
    brightness: pixels === 0 ? 0 : luma / pixels,
    saturation: pixels === 0 ? 0 : saturation / pixels,
    orientation: ratio > 1.15 ? "landscape" : ratio < 0.87 ? "portrait" : "square",
    width,
    height,
  };
}

/** "A bright, airy landscape shot in golden and blue tones." from the measurements. */
export function describeMeasurements(m: ImageMeasurements): string {
  const light =
    m.brightness < 80
      ? "dark, moody"
      : m.brightness > 175
        ? "bright, airy"
        : m.saturation > 0.45
          ? "vivid"
          : "softly lit";
  const detail = Math.max(m.width, m.height) >= 2000 ? "high-resolution " : "";
  const shot = `${detail}${m.orientation === "square" ? "square" : m.orientation} shot`;
  const opening = `${/^[aeiou]/.test(light) ? "An" : "A"} ${light} ${shot}`;
  const muted = m.saturation < 0.12;
  if (m.colours.length === 0) return `${opening} full of colour.`;
  const [first, second] = m.colours;
  if (muted && m.colours.every((c) => ["black", "white", "grey"].includes(c)))
    return `${opening} in clean black-and-white tones.`;
  return second ? `${opening} in ${first} and ${second} tones.` : `${opening} dominated by ${first}.`;
}

const CTAS: Record<"facebook" | "instagram", Record<ContentTone, readonly string[]>> = {
  facebook: {
    professional: ["Learn more on our page.", "Get in touch to find out more."],
    casual: ["Drop us a comment and tell us what you think!", "What do you think? Let us know below."],
    friendly: ["We'd love to hear what you think in the comments!", "Come say hello, we'd love to see you."],
    humorous: ["Tell us in the comments, we promise to read every one.", "Your move: comment below!"],
    authoritative: ["Learn how we do it on our page.", "Ask us how we can help."],
  },
  instagram: {
    professional: ["Link in bio to learn more.", "Save this for later."],
    casual: ["Double-tap if you're with us ✨", "Tag someone who needs to see this 👀"],
    friendly: ["Tag a friend who'd love this 💛", "Tell us what you think below 👇"],
    humorous: ["Double-tap if you're smiling 😄", "Tag the friend who'd say 'same'."],
    authoritative: ["Link in bio for the details.", "Save this and follow for more."],
  },
};

/** The caption: what the photo looks like, the user's context, the brand's message, a call to action, tags. */
export function writeCaptionOffline(request: ImageCaptionRequest, m: ImageMeasurements): string {
  const { brand, platform } = request;
  const seed = hashText(`${brand.name}|${request.context ?? ""}|${m.colours.join(",")}|${platform}`);
  const lines: string[] = [];
  const context = request.context ? stripEndPunctuation(request.context.trim()) : "";
  if (context)
    lines.push(
      toSentence(
        pick([`Here's a closer look at ${lowerFirst(context)}`, `Introducing ${lowerFirst(context)}`], seed),
      ),
    );
  lines.push(describeMeasurements(m));
  const keyMessage = brand.keyMessages.find((message) => message.trim() !== "");
  if (keyMessage) lines.push(toSentence(keyMessage));
  else if (brand.industry)
    lines.push(toSentence(`A little look at what we love about ${lowerFirst(brand.industry)}`));
  // The audience as a reader would name it, not the profile's description of it pasted whole.
  const audience = shortAudience(brand.targetAudience);
  if (audience)
    lines.push(
      toSentence(
        pick([`Perfect for ${lowerFirst(audience)}`, `Just right for ${lowerFirst(audience)}`], seed >>> 5),
      ),
    );
  lines.push(pick(CTAS[platform === "instagram" ? "instagram" : "facebook"][brand.tone], seed >>> 3));

  const terms = [brand.name, ...hashtagTerms(context), ...hashtagTerms(brand.industry), ...m.colours];
  const tags = [...new Set(terms.map(toHashtag).filter((tag) => tag !== ""))].slice(
    0,
    platform === "instagram" ? 8 : 3,
  );
  const signOff = `— ${brand.name}`;
  if (platform === "instagram") return `${lines.join("\n")}\n${signOff}\n\n${tags.join(" ")}`.trim();
  return `${lines.join(" ")} ${signOff}${tags.length ? `\n\n${tags.join(" ")}` : ""}`.trim();
}

/** The offline model's captionFromImage: measure, then write. */
export async function captionFromImageOffline(request: ImageCaptionRequest): Promise<string> {
  return writeCaptionOffline(request, await measureImage(request.image.bytes));
}
