import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import type { VideoFacts } from "../ports";
import { parseMediaVariant, variantKeyOf } from "./media-variants";
import { sniffVideoType } from "./sniff-video-type";
import {
  checkVideoByteSize,
  checkVideoFacts,
  formatDuration,
  VIDEO_LIMITS,
  videoTooLargeMessage,
} from "./video-checks";
import { parseVideoVariantName, planVideoFrame, videoVariantName } from "./video-variants";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

const facts = (overrides: Partial<VideoFacts> = {}): VideoFacts => ({
  formatName: "mov,mp4,m4a,3gp,3g2,mj2",
  durationMs: 2000,
  width: 320,
  height: 240,
  videoCodec: "h264",
  audioCodec: "aac",
  frameRate: 25,
  bitRate: 200_000,
  truncated: false,
  ...overrides,
});

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("sniffVideoType", () => {
  it("reads MP4, MOV and WebM from their first bytes", () => {
    expect(sniffVideoType(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toBe("mp4");
    expect(sniffVideoType(bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]))).toBe("mov");
    expect(sniffVideoType(bytes([0, 0, 0, 8], "wide", [0, 0, 0, 0]))).toBe("mov");
    const webm = bytes(
      [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84],
      "webm",
      [0x42, 0x87],
    );
    expect(sniffVideoType(webm)).toBe("webm");
  });

  it("refuses text, images in an ftyp box, Matroska and scraps", () => {
    expect(sniffVideoType(bytes("Meeting notes: this is text renamed to .mp4"))).toBeNull();
    expect(sniffVideoType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]))).toBeNull();
    expect(sniffVideoType(bytes([0, 0, 0, 0x18], "ftypavif", [0, 0, 0, 0]))).toBeNull();
    const mkv = bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], "matroska");
    expect(sniffVideoType(mkv)).toBeNull();
    expect(sniffVideoType(bytes([0, 0]))).toBeNull();
  });
});

describe("checkVideoFacts", () => {
  it("takes a sane video", () => {
    expect(() => checkVideoFacts(facts(), "mp4")).not.toThrow();
    expect(() => checkVideoFacts(facts({ formatName: "matroska,webm" }), "webm")).not.toThrow();
    expect(() => checkVideoFacts(facts({ width: 4096, height: 4096 }), "mp4")).not.toThrow();
  });

  it("refuses each hostile case with video_invalid and a message saying why", () => {
    const cases: [VideoFacts | null, RegExp][] = [
      [null, /could not be read: it seems cut short or damaged/],
      [facts({ truncated: true }), /cut short or damaged/],
      [facts({ formatName: "matroska,webm" }), /not a video we can read/],
      [facts({ videoCodec: "" }), /not a video we can read/],
      [
        facts({ width: 8192, height: 8192 }),
        /frame is 8192 x 8192 pixels; videos can be at most 4096 pixels/,
      ],
      [facts({ width: 5000, height: 100 }), /frame is 5000 x 100 pixels/],
      [facts({ durationMs: null }), /length could not be read/],
      [facts({ durationMs: 20 * 60_000 }), /This video is 20 min long; videos can be at most 15 min\./],
    ];
    for (const [probed, message] of cases) {
      const error = refusal(() => checkVideoFacts(probed, "mp4"));
      expect(error.reason).toBe("video_invalid");
      expect(error.message).toMatch(message);
    }
  });

  it("holds a shorter ceiling when given one (a 90-second format)", () => {
    const error = refusal(() =>
      checkVideoFacts(facts({ durationMs: 20 * 60_000 }), "mp4", { maxDurationMs: 90_000 }),
    );
    expect(error.message).toBe("This video is 20 min long; videos can be at most 1 min 30 s.");
    expect(VIDEO_LIMITS.maxDurationMs).toBe(15 * 60_000);
  });

  it("says the size limit in MB", () => {
    expect(videoTooLargeMessage(250 * 1024 * 1024)).toBe("Videos can be at most 250 MB.");
    expect(refusal(() => checkVideoByteSize(300 * 1024 * 1024, 250 * 1024 * 1024)).message).toBe(
      "Videos can be at most 250 MB.",
    );
    expect(formatDuration(61_000)).toBe("1 min 1 s");
  });
});

describe("video variants", () => {
  it("names a spec once and reads it back; anything else is no variant", () => {
    const name = videoVariantName({
      aspect: 9 / 16,
      maxWidth: 1080,
      maxHeight: 1920,
      maxSeconds: 90,
      maxFps: 30,
    });
    expect(name).toBe("video-a0.5625-w1080-h1920-s90-f30");
    expect(parseVideoVariantName(name)).toEqual({
      aspect: 0.5625,
      maxWidth: 1080,
      maxHeight: 1920,
      maxSeconds: 90,
      maxFps: 30,
    });
    expect(videoVariantName({})).toBe("video-ao-w1920-h1920-sall-f60");
    expect(parseVideoVariantName("video-a0.56250-w1080-h1920-s90-f30")).toBeNull();
    expect(parseVideoVariantName("video-ao-w99999-h1920-sall-f60")).toBeNull();
    expect(parseVideoVariantName("video-../../etc")).toBeNull();
    expect(parseMediaVariant("poster")).toBe("poster");
    expect(parseMediaVariant(name)).toBe(name);
    expect(parseMediaVariant("video-anything")).toBeUndefined();
    expect(variantKeyOf({ storageKey: "u/b/v.mp4" }, name)).toBe(`u/b/v.mp4.${name}.mp4`);
    expect(variantKeyOf({ storageKey: "u/b/v.mp4" }, "poster")).toBe("u/b/v.mp4.poster.jpg");
  });

  it("crops centred to the aspect, then scales down to fit, each side even", () => {
    expect(planVideoFrame({ width: 1920, height: 1080 }, { aspect: 9 / 16 })).toEqual({
      crop: { width: 606, height: 1080, x: 657, y: 0 },
      width: 606,
      height: 1080,
    });
    expect(planVideoFrame({ width: 3840, height: 2160 }, {})).toEqual({
      crop: null,
      width: 1920,
      height: 1080,
    });
    expect(planVideoFrame({ width: 1080, height: 1920 }, { maxWidth: 720, maxHeight: 1280 })).toEqual({
      crop: null,
      width: 720,
      height: 1280,
    });
    expect(planVideoFrame({ width: 321, height: 241 }, { aspect: 1 })).toEqual({
      crop: { width: 240, height: 240, x: 40, y: 0 },
      width: 240,
      height: 240,
    });
  });
});
