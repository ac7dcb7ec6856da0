import { open } from "node:fs/promises";
import type { VideoContainer, VideoFacts } from "@smm/domain/ports";
import { runProcess, VideoProcessError, videoBinaries } from "./video-process";

/** The one demuxer ffprobe and ffmpeg may use for a container the first bytes named (no playlist, no concat). */
export const demuxerFor: Record<VideoContainer, string> = { mp4: "mov", mov: "mov", webm: "matroska" };

/**
 * Input options every ffprobe and ffmpeg run takes before `-i`: only local files may be opened (a playlist
 * or a reference inside the file cannot reach the network or another file), only the sniffed container's
 * demuxer is used, and no decoder accepts a frame over `maxPixels`.
 */
export function hardenedInput(container: VideoContainer, path: string, maxPixels: number): string[] {
  return [
    "-protocol_whitelist",
    "file",
    "-f",
    demuxerFor[container],
    "-max_pixels",
    String(maxPixels),
    "-i",
    path,
  ];
}

interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}

interface ProbeOutput {
  streams?: ProbedStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

const positive = (value: number | null | undefined): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

/** "30000/1001" → 29.97; "0/0" → null. */
function rate(text: string | undefined): number | null {
  const [numerator, denominator] = (text ?? "").split("/").map(Number);
  if (numerator === undefined || !denominator) return positive(numerator);
  return positive(Math.round((numerator / denominator) * 1000) / 1000);
}

function rotationOf(stream: ProbedStream): number {
  const side = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  const degrees = Number(side ?? stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? degrees : 0;
}

/** The facts of ffprobe's JSON (the first real video stream: a cover picture of an audio file is not one). */
export function readProbeOutput(output: ProbeOutput): Omit<VideoFacts, "truncated"> | null {
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  if (!video?.codec_name || !video.width || !video.height) return null;
  const audio = streams.find((s) => s.codec_type === "audio");
  const turned = Math.abs(rotationOf(video)) % 180 === 90;
  const seconds = positive(Number(output.format?.duration)) ?? positive(Number(video.duration));
  return {
    formatName: output.format?.format_name ?? "",
    durationMs: seconds === null ? null : Math.round(seconds * 1000),
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    bitRate: positive(Number(output.format?.bit_rate)),
  };
}

/**
 * Whether an ISO BMFF file (MP4, MOV) was cut short: its top-level boxes, walked by their declared sizes,
 * must end within the file. ffprobe alone reads a cut file whose index (moov) comes first as whole.
 */
async function bmffCutShort(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const size = (await file.stat()).size;
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; offset + 8 <= size && boxes < 100_000; boxes += 1) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) return true;
      const short = header.readUInt32BE(0);
      // 0: the box runs to the end of the file.
      if (short === 0) return false;
      const boxSize = short === 1 ? (bytesRead >= 16 ? Number(header.readBigUInt64BE(8)) : 0) : short;
      if (boxSize < 8) return true;
      if (offset + boxSize > size) return true;
      offset += boxSize;
    }
    return false;
  } finally {
    await file.close();
  }
}

/** An EBML variable-length integer at `at`: its length in bytes, its value, and whether it means "unknown". */
function readVint(bytes: Buffer, at: number): { length: number; value: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[at + i] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, unknown: allOnes };
}

/**
 * Whether a WebM file was cut short: its Segment's declared size must end within the file (a recording
 * streamed with an unknown size cannot tell, and is taken as it is).
 */
async function webmCutShort(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const size = (await file.stat()).size;
    const head = Buffer.alloc(4096);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    // The EBML header element (ID 1A 45 DF A3), then the Segment (ID 18 53 80 67).
    const headerSize = readVint(bytes, 4);
    if (!headerSize) return true;
    const segmentAt = 4 + headerSize.length + headerSize.value;
    if (bytes.readUInt32BE(segmentAt) !== 0x18538067) return false;
    const segmentSize = readVint(bytes, segmentAt + 4);
    if (!segmentSize) return true;
    if (segmentSize.unknown) return false;
    return segmentAt + 4 + segmentSize.length + segmentSize.value > size;
  } catch {
    return true;
  } finally {
    await file.close();
  }
}

/**
 * A file without a length in its header (a browser's recording): its packets are read (not decoded) to the
 * end and the last timestamp ffmpeg reports is its length.
 */
async function measureDuration(
  path: string,
  container: VideoContainer,
  options: { timeoutMs: number; maxPixels: number },
): Promise<number | null> {
  const result = await runProcess(
    videoBinaries().ffmpeg,
    [
      "-nostdin",
      "-v",
      "info",
      ...hardenedInput(container, path, options.maxPixels),
      "-map",
      "0:v:0",
      "-c",
      "copy",
      "-f",
      "null",
      "-",
    ],
    { timeoutMs: options.timeoutMs },
  );
  const times = [...result.stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (!last) return null;
  const seconds = Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
  return positive(Math.round(seconds * 1000));
}

/**
 * A frame over the pixel limit stops ffprobe before it prints anything (the decoder refuses to allocate
 * it, which is the point: 8192 x 8192 took 175 MB and a second to read, 40 MB and 0.3 s refused). Its size,
 * from the refusal, is what the caller needs to say why the video is not taken.
 */
function oversizedFrame(stderr: string, container: VideoContainer): VideoFacts | null {
  const match = /Picture size (\d+)x(\d+) exceeds specified max pixel count/.exec(stderr);
  if (!match) return null;
  return {
    formatName: container === "webm" ? "matroska,webm" : "mov,mp4,m4a,3gp,3g2,mj2",
    durationMs: null,
    width: Number(match[1]),
    height: Number(match[2]),
    videoCodec: "unknown",
    audioCodec: null,
    frameRate: null,
    bitRate: null,
    truncated: false,
  };
}

export interface ProbeOptions {
  /** ffprobe's time limit (then it is killed): 10 s. */
  timeoutMs: number;
  maxPixels: number;
}

/**
 * What a video file is, by ffprobe in a child process (time-limited, the container's demuxer only), and
 * whether its structure says it was cut short. Null when it holds no video stream ffprobe reads (not a
 * video, damaged). Throws VideoProcessError when ffprobe runs over its limit.
 */
export async function probeVideo(
  path: string,
  container: VideoContainer,
  options: ProbeOptions,
): Promise<VideoFacts | null> {
  let output: ProbeOutput;
  try {
    const result = await runProcess(
      videoBinaries().ffprobe,
      [
        "-v",
        "error",
        ...hardenedInput(container, path, options.maxPixels),
        "-print_format",
        "json",
        "-show_format",
        "-show_streams",
      ],
      { timeoutMs: options.timeoutMs, maxStdoutBytes: 4 * 1024 * 1024 },
    );
    output = JSON.parse(result.stdout.toString("utf8")) as ProbeOutput;
  } catch (error) {
    // Over the time limit is the caller's to know; anything else means ffprobe could not read it.
    if (error instanceof VideoProcessError && error.reason === "timeout") throw error;
    return error instanceof VideoProcessError ? oversizedFrame(error.stderr, container) : null;
  }
  const facts = readProbeOutput(output);
  if (!facts) return null;
  const truncated = container === "webm" ? await webmCutShort(path) : await bmffCutShort(path);
  if (facts.durationMs === null && !truncated)
    facts.durationMs = await measureDuration(path, container, {
      timeoutMs: options.timeoutMs * 2,
      maxPixels: options.maxPixels,
    }).catch(() => null);
  return { ...facts, truncated };
}
