import { AppError } from "@smm/domain/errors";
import { describe, expect, it } from "vitest";
import { comparableText, INVALID_INSTANCE, limitsOf, normalizeInstance, textOfContent } from "./instance";

describe("normalizeInstance", () => {
  it.each([
    ["mastodon.social", "mastodon.social"],
    ["  Mastodon.Social ", "mastodon.social"],
    ["https://mastodon.social", "mastodon.social"],
    ["https://mastodon.social/@alice", "mastodon.social"],
    ["https://mastodon.social/explore?x=1#top", "mastodon.social"],
    ["@alice@Fosstodon.org", "fosstodon.org"],
    ["alice@fosstodon.org", "fosstodon.org"],
    ["mastodon.social.", "mastodon.social"],
    ["social.example.com:8443", "social.example.com:8443"],
    ["127.0.0.1:3000", "127.0.0.1:3000"],
  ])("%s is %s", (typed, host) => {
    expect(normalizeInstance(typed)).toBe(host);
  });

  it.each([
    undefined,
    "",
    "   ",
    "not an instance",
    "localhost",
    "https://",
    "under_score.social",
    "-bad.social",
    "mastodon.social:99999",
    "1.2.3",
    "[zz::1]",
  ])("refuses %s", (typed) => {
    let error: unknown = null;
    try {
      normalizeInstance(typed);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).reason).toBe("invalid_input");
    expect((error as AppError).message).toBe(INVALID_INSTANCE);
  });
});

describe("limitsOf", () => {
  it("keeps Mastodon's defaults for what an instance leaves out and our image types only", () => {
    const limits = limitsOf({
      domain: "tiny.social",
      configuration: {
        statuses: { max_characters: 1000, max_media_attachments: undefined, characters_reserved_per_url: 23 },
        media_attachments: {
          supported_mime_types: ["image/png", "image/heic", "video/mp4"],
          description_limit: undefined,
          image_size_limit: 8_000_000,
        },
      },
    });
    expect(limits).toEqual({
      maxCharacters: 1000,
      urlLength: 23,
      maxImages: 4,
      maxImageBytes: 8_000_000,
      maxVideoBytes: 103_809_024,
      imageTypes: ["image/png"],
      altTextMaxLength: 1500,
    });
  });
});

describe("textOfContent", () => {
  it("undoes Mastodon's rendering: paragraphs, breaks, split links, mentions and entities", () => {
    const html =
      '<p>Hello &amp; welcome<br />line two</p><p><a href="https://example.com/a/long/path"><span class="invisible">https://</span><span class="ellipsis">example.com/a/long</span><span class="invisible">/path</span></a> with <span class="h-card"><a href="https://other.social/@bob" class="u-url mention">@<span>bob</span></a></span> &#39;quoted&#39;</p>';
    expect(textOfContent(html)).toBe(
      "Hello & welcome\nline two\n\nhttps://example.com/a/long/path with @bob 'quoted'",
    );
    expect(comparableText(textOfContent(html))).toBe(
      comparableText(
        "Hello & welcome\nline two\n\nhttps://example.com/a/long/path with @bob@other.social 'quoted'",
      ),
    );
  });
});
