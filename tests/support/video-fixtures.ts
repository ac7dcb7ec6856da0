import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { videoBinaries } from "../../apps/server/src/adapters/video-process";

/**
 * Videos made at test (or bench) time with the ffmpeg the server uses: no binary fixture is committed. Each
 * takes well under a second on the 2-core machine except where noted.
 */

const run = promisify(execFile);

export interface VideoFixtureOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  audio?: boolean;
  container?: "mp4" | "webm";
  /** The index (moov) before the media data. */
  faststart?: boolean;
  /** lavfi source: testsrc (default), testsrc2, or a solid colour. */
  source?: "testsrc" | "testsrc2" | "color";
  /** Target video bitrate ("20M"); default: x264's own choice. */
  bitrate?: string;
  /** Visual noise on each frame (defeats compression: a large file from a short clip). */
  noise?: boolean;
  preset?: string;
}

/** Runs the bundled ffmpeg with a time limit; resolves when the file is written. */
export async function ffmpeg(args: string[], timeoutMs = 120_000): Promise<void> {
  await run(videoBinaries().ffmpeg, ["-nostdin", "-v", "error", "-y", ...args], {
    timeout: timeoutMs,
    maxBuffer: 1024 * 1024,
  });
}

export async function makeVideo(path: string, options: VideoFixtureOptions = {}): Promise<string> {
  const { width = 320, height = 240, seconds = 2, fps = 25, audio = true, container = "mp4" } = options;
  const size = `${width}x${height}`;
  const source =
    options.source === "color"
      ? `color=c=red:size=${size}:rate=${fps}`
      : `${options.source ?? "testsrc"}=size=${size}:rate=${fps}`;
  const video =
    container === "webm"
      ? ["-c:v", "libvpx", "-b:v", options.bitrate ?? "300k", "-deadline", "realtime", "-cpu-used", "8"]
      : [
          "-c:v",
          "libx264",
          "-preset",
          options.preset ?? "ultrafast",
          "-pix_fmt",
          "yuv420p",
          ...(options.bitrate
            ? [
                "-b:v",
                options.bitrate,
                "-minrate",
                options.bitrate,
                "-maxrate",
                options.bitrate,
                "-bufsize",
                "4M",
              ]
            : []),
        ];
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    source,
    ...(audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"] : []),
    "-t",
    String(seconds),
    ...(options.noise ? ["-vf", "noise=alls=60:allf=t+u"] : []),
    ...video,
    ...(audio ? (container === "webm" ? ["-c:a", "libvorbis"] : ["-c:a", "aac", "-b:a", "64k"]) : []),
    ...(options.faststart ? ["-movflags", "+faststart"] : []),
    path,
  ]);
  return path;
}

/** The same video with a display matrix saying "turn 90 degrees" (a phone held upright). */
export async function makeRotated(input: string, output: string): Promise<string> {
  await ffmpeg(["-i", input, "-c", "copy", "-metadata:s:v:0", "rotate=90", output]);
  return output;
}

/** The first `fraction` of a file's bytes. */
export async function truncate(input: string, output: string, fraction = 0.5): Promise<string> {
  const bytes = await readFile(input);
  await writeFile(output, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return output;
}

/** The hostile set of issue 32, made in `dir`. */
export async function makeHostileVideos(dir: string) {
  const real = await makeVideo(join(dir, "real.mp4"));
  const realFaststart = await makeVideo(join(dir, "real-faststart.mp4"), { faststart: true });
  const text = join(dir, "notes.mp4");
  await writeFile(text, "Meeting notes\nThis is a text file someone renamed to .mp4\n".repeat(50));
  return {
    real,
    text,
    /** The index at the end: half the file has no index at all. */
    truncated: await truncate(real, join(dir, "truncated.mp4")),
    /** The index first: the header reads whole, the media data stops half-way. */
    truncatedFaststart: await truncate(realFaststart, join(dir, "truncated-faststart.mp4")),
    /** 20 minutes at 1 frame a second, 160 x 120, no sound: about 2.8 MB, under a second to make. */
    twentyMinutes: await makeVideo(join(dir, "twenty-minutes.mp4"), {
      width: 160,
      height: 120,
      fps: 1,
      seconds: 20 * 60,
      audio: false,
    }),
    /** One 8192 x 8192 frame (a solid colour: 200 KB, decoding it would take 100 MB). */
    hugeFrame: await makeVideo(join(dir, "huge-frame.mp4"), {
      width: 8192,
      height: 8192,
      fps: 1,
      seconds: 1,
      audio: false,
      source: "color",
    }),
  };
}
