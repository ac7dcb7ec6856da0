import type SharpFactory from "sharp";

let loading: Promise<typeof SharpFactory> | null = null;

/**
 * sharp (libvips) costs tens of MB of resident memory once loaded; a server that never touches an image
 * (most requests) should not pay it, so the image adapters load it on first use.
 */
export function loadSharp(): Promise<typeof SharpFactory> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
