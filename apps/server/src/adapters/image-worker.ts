// The image worker thread: runs image-work.ts jobs for the pool in sharp-imaging.ts, one at a time.
// Bundled on its own (scripts/build-server.ts emits image-worker.mjs beside the server bundle).
import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import { type ImageJob, runImageJob } from "./image-work";

// One libvips thread per pipeline, so a job takes about one core and the pool's size is the number of cores
// image work can take from the event loop. (The setting is process-wide; the main thread's own sharp work
// is header reads and small encodes, which are single-threaded anyway.)
sharp.concurrency(1);

const port = parentPort;
if (!port) throw new Error("image-worker.ts runs as a worker thread");

port.on("message", async (message: { id: number; job: ImageJob }) => {
  const result = await runImageJob(sharp, message.job);
  if (result.ok) {
    // sharp's output may share memory libvips owns; a copy can be moved to the main thread without a clone.
    const bytes = new Uint8Array(result.bytes);
    port.postMessage({ id: message.id, result: { ok: true, bytes } }, [bytes.buffer]);
  } else {
    port.postMessage({ id: message.id, result });
  }
});
// Loaded (sharp and libvips included): the pool starts the first job's time limit from here.
port.postMessage({ ready: true });
