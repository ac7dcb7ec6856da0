import { describe, expect, it } from "vitest";
import { commentKeyOf, isRecordKey, parsePostUri, recordKeyOf, timeOfRecordKey } from "./record-key";

const SORTABLE_BASE32 = "234567abcdefghijklmnopqrstuvwxyz";

/** A TID read back: microseconds since the epoch and the clock id. */
function decodeTid(tid: string): { micros: bigint; clockId: bigint } {
  let value = 0n;
  for (const char of tid) value = (value << 5n) | BigInt(SORTABLE_BASE32.indexOf(char));
  return { micros: value >> 10n, clockId: value & 0x3ffn };
}

describe("recordKeyOf", () => {
  const attemptAt = new Date("2026-11-27T10:00:00.123Z");

  it("makes a TID the PDS takes as a post's record key, its time the attempt's", () => {
    const key = recordKeyOf("attempt-1", attemptAt);
    expect(key).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    expect(isRecordKey(key)).toBe(true);
    const { micros } = decodeTid(key);
    expect(micros / 1000n).toBe(BigInt(attemptAt.getTime()));
  });

  it("gives the same attempt the same key, so a retry finds what the first try made", () => {
    expect(recordKeyOf("attempt-1", attemptAt)).toBe(recordKeyOf("attempt-1", new Date(attemptAt.getTime())));
  });

  it("gives other attempts other keys, even begun in the same millisecond", () => {
    const keys = new Set(
      Array.from({ length: 200 }, (_, index) => recordKeyOf(`attempt-${index}`, attemptAt)),
    );
    expect(keys.size).toBe(200);
    expect(recordKeyOf("attempt-1", new Date(attemptAt.getTime() + 1))).not.toBe(
      recordKeyOf("attempt-1", attemptAt),
    );
  });

  it("sorts by the attempt's time, as TIDs do", () => {
    const earlier = recordKeyOf("attempt-b", attemptAt);
    const later = recordKeyOf("attempt-a", new Date(attemptAt.getTime() + 1));
    expect(later > earlier).toBe(true);
  });

  it("refuses a time that is no time", () => {
    expect(() => recordKeyOf("attempt-1", new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("parsePostUri", () => {
  it("reads a post's record key from its at:// URI and nothing else", () => {
    expect(parsePostUri("at://did:plc:abc/app.bsky.feed.post/3lzy2ji4nms2z")).toEqual({
      repo: "did:plc:abc",
      rkey: "3lzy2ji4nms2z",
    });
    expect(parsePostUri("at://did:plc:abc/app.bsky.feed.like/3lzy2ji4nms2z")).toBeNull();
    expect(parsePostUri("https://bsky.app/profile/alice/post/3lzy2ji4nms2z")).toBeNull();
  });
});

describe("commentKeyOf", () => {
  const attemptAt = new Date("2026-11-27T10:00:00.123Z");
  const parentKey = recordKeyOf("attempt-1", attemptAt);
  const parentUri = `at://did:plc:abc/app.bsky.feed.post/${parentKey}`;

  it("reads a TID's time back, to the millisecond", () => {
    expect(timeOfRecordKey(parentKey)).toEqual(attemptAt);
    expect(timeOfRecordKey("self")).toBeNull();
  });

  it("gives a post's first reply one key, a TID a millisecond after the post's own", () => {
    const key = commentKeyOf(parentUri, parentKey, undefined);
    expect(isRecordKey(key)).toBe(true);
    expect(key).toBe(commentKeyOf(parentUri, parentKey, "2030-01-01T00:00:00Z"));
    expect(timeOfRecordKey(key)?.getTime()).toBe(attemptAt.getTime() + 1);
    expect(key > parentKey).toBe(true);
    expect(commentKeyOf(`${parentUri}x`, parentKey, undefined)).not.toBe(key);
  });

  it("dates the reply by the post's createdAt when the post's key is not a TID", () => {
    const key = commentKeyOf("at://did:plc:abc/app.bsky.feed.post/self", "self", "2026-11-27T10:00:00.000Z");
    expect(timeOfRecordKey(key)?.toISOString()).toBe("2026-11-27T10:00:00.001Z");
  });
});
