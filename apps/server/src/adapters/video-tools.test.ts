import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeVideo, truncate } from "@smm/test-support/video-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeVideo } from "./video-probe";
import { runProcess, Slots, VideoProcessError } from "./video-process";
import { createFfmpegVideoTools } from "./video-tools";
import { transcodeArguments } from "./video-transcode";

let dir: string;
let mp4: string;
let webm: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "smm-video-tools-"));
  mp4 = await makeVideo(join(dir, "clip.mp4"));
  webm = await makeVideo(join(dir, "clip.webm"), { container: "webm" });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const limits = { timeoutMs: 10_000, maxPixels: 4096 * 4096 };

describe("child processes", () => {
  it("kills a process over its time limit and says so at once", async () => {
    const started = performance.now();
    const error = await runProcess(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], {
      timeoutMs: 200,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoProcessError);
    expect((error as VideoProcessError).reason).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it("refuses more work than its line holds", async () => {
    const slots = new Slots(1, 1);
    let release = () => {};
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = slots.run(async () => "second");
    await expect(slots.run(async () => "third")).rejects.toMatchObject({ reason: "queue_full" });
    release();
    await first;
    expect(await second).toBe("second");
  });

  it("answers a probe over its limit with the timeout, not a verdict", async () => {
    const tools = createFfmpegVideoTools({ workDir: join(dir, "work"), probeTimeoutMs: 1 });
    await expect(tools.probe({ path: mp4 }, "mp4")).rejects.toMatchObject({ reason: "timeout" });
  });
});

describe("probeVideo", () => {
  it("reads an MP4 and a WebM", async () => {
    expect(await probeVideo(mp4, "mp4", limits)).toEqual({
      formatName: "mov,mp4,m4a,3gp,3g2,mj2",
      durationMs: 2000,
      width: 320,
      height: 240,
      videoCodec: "h264",
      audioCodec: "aac",
      frameRate: 25,
      bitRate: expect.any(Number),
      truncated: false,
    });
    expect(await probeVideo(webm, "webm", limits)).toMatchObject({
      formatName: "matroska,webm",
      videoCodec: "vp8",
      audioCodec: "vorbis",
      width: 320,
      height: 240,
      truncated: false,
    });
  });

  it("finds a WebM cut short by its segment's size, and reads nothing from a file of another container", async () => {
    const cut = await truncate(webm, join(dir, "cut.webm"), 0.5);
    expect((await probeVideo(cut, "webm", limits))?.truncated).toBe(true);
    // The MP4 forced through the WebM demuxer (as a forged header would be): nothing.
    expect(await probeVideo(mp4, "webm", limits)).toBeNull();
  });

  it("takes the bytes of a video as well as its path", async () => {
    const tools = createFfmpegVideoTools({ workDir: join(dir, "work") });
    const facts = await tools.probe({ bytes: new Uint8Array(await readFile(mp4)) }, "mp4");
    expect(facts?.durationMs).toBe(2000);
    const poster = await tools.poster({ path: mp4 }, "mp4", { atMs: 500, maxSide: 100 });
    expect([poster[0], poster[1]]).toEqual([0xff, 0xd8]);
  });
});

describe("transcodeArguments", () => {
  it("asks ffmpeg for H.264 with closed GOPs, AAC 48 kHz stereo, faststart, on two threads", () => {
    const args = transcodeArguments(
      "in.mov",
      "out.mp4",
      "mov",
      { width: 1920, height: 1080, frameRate: 120, audioCodec: "aac" },
      { aspect: 9 / 16, maxSeconds: 90, maxFps: 60 },
      { maxPixels: 4096 * 4096, threads: 2 },
    ).join(" ");
    for (const part of [
      "-protocol_whitelist file -f mov -max_pixels 16777216 -i in.mov",
      "-t 90",
      "-vf crop=606:1080:657:0,scale=606:1080:flags=bicubic,setsar=1,fps=60,format=yuv420p",
      "-c:v libx264 -preset veryfast",
      "-g 120 -keyint_min 120 -flags +cgop -pix_fmt yuv420p",
      "-c:a aac -b:a 128k -ar 48000 -ac 2",
      "-movflags +faststart -threads 2 -f mp4 out.mp4",
      "-map_metadata -1",
    ])
      expect(args).toContain(part);
  });
});
