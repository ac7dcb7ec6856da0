import { createHash } from "node:crypto";

const SORTABLE_BASE32 = "234567abcdefghijklmnopqrstuvwxyz";
const TID_PATTERN = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
const MICROSECONDS_MASK = (1n << 53n) - 1n;

export const POST_COLLECTION = "app.bsky.feed.post";

/** A TID as the PDS checks a post's record key: 13 base32-sortable characters, the top bit clear. */
export function isRecordKey(value: string): boolean {
  return TID_PATTERN.test(value);
}

/**
 * The post's record key (a TID) for the attempt with `marker`, begun at `attemptAt`: the same attempt always
 * gets the same key, so a create whose answer was lost can be looked up (or refused as a duplicate) instead
 * of making a second post. Microseconds since the epoch in the high 53 bits, a 10-bit clock id from the
 * marker's hash in the low ones. attemptAt only has milliseconds: the three sub-millisecond digits come from
 * the hash too, so two posts of one account begun in the same millisecond collide 1 in ~1,000,000, not 1 in
 * 1,024.
 */
export function recordKeyOf(marker: string, attemptAt: Date): string {
  const millis = attemptAt.getTime();
  if (!Number.isFinite(millis) || millis < 0) throw new RangeError(`not a valid attempt time: ${attemptAt}`);
  const digest = createHash("sha256").update(marker).digest();
  const clockId = BigInt(digest.readUInt16BE(0) & 0x3ff);
  const subMillisecond = BigInt(digest.readUInt16BE(2) % 1000);
  const micros = (BigInt(millis) * 1000n + subMillisecond) & MICROSECONDS_MASK;
  let value = (micros << 10n) | clockId;
  let key = "";
  for (let index = 0; index < 13; index++) {
    key = SORTABLE_BASE32.charAt(Number(value & 31n)) + key;
    value >>= 5n;
  }
  return key;
}

/** The record key of a post's at:// URI (at://did/app.bsky.feed.post/rkey), or null when it is not one. */
export function parsePostUri(uri: string): { repo: string; rkey: string } | null {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(uri);
  if (!match?.[1] || match[2] !== POST_COLLECTION || !match[3]) return null;
  return { repo: match[1], rkey: match[3] };
}

/** When a TID record key was made (its microseconds, to the millisecond), or null when it is not a TID. */
export function timeOfRecordKey(rkey: string): Date | null {
  if (!isRecordKey(rkey)) return null;
  let value = 0n;
  for (const character of rkey) value = (value << 5n) | BigInt(SORTABLE_BASE32.indexOf(character));
  return new Date(Number((value >> 10n) / 1000n));
}

/**
 * The record key of a post's first comment (its first reply): made from the post's own URI and key, so a
 * second call for the same post names the same key, and Bluesky refuses (or the lookup finds) a second
 * reply. Its time is a millisecond after the post's, so the reply sorts right after it in the repo.
 */
export function commentKeyOf(parentUri: string, parentRkey: string, parentCreatedAt: unknown): string {
  const parentTime =
    timeOfRecordKey(parentRkey) ??
    (typeof parentCreatedAt === "string" && !Number.isNaN(Date.parse(parentCreatedAt))
      ? new Date(parentCreatedAt)
      : new Date(0));
  return recordKeyOf(`first-comment:${parentUri}`, new Date(parentTime.getTime() + 1));
}

/** Where a key is timed when its parent's key is not a TID (every post's is; a fallback only). */
const FALLBACK_PARENT_TIME = new Date("2023-01-01T00:00:00.000Z");

function timeAfter(parentUri: string): Date {
  const parsed = parsePostUri(parentUri);
  const parentTime = (parsed && timeOfRecordKey(parsed.rkey)) ?? FALLBACK_PARENT_TIME;
  return new Date(parentTime.getTime() + 1);
}

/**
 * The record key of the brand's reply sent with `marker` under `parentUri` (inbox, issue 33): the same
 * exactly-once trick as a post's, timed a millisecond after the parent (whose key is a TID) so that the
 * reply and its later lookup name the same key without knowing when the attempt began.
 */
export function replyKeyOf(marker: string, parentUri: string): string {
  return recordKeyOf(`reply:${marker}`, timeAfter(parentUri));
}

/** The key of our like of a post (app.bsky.feed.like keys are TIDs): one per post, so liking twice is one like. */
export function likeKeyOf(subjectUri: string): string {
  return recordKeyOf(`like:${subjectUri}`, timeAfter(subjectUri));
}
