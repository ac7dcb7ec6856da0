import { describe, expect, it } from "vitest";
import { imageLinkSchema, isImageLink, mediaIdOfLink } from "./media-link";

const id = "3f0c2b8e-6a1d-4c5e-9b7a-2d4e6f8a0b1c";
const signed = `/api/media/${id}/file?expires=1795537500&signature=abc`;

describe("mediaIdOfLink", () => {
  it.each([
    [signed],
    [`https://app.example.com${signed}`],
    [`http://localhost:3000/api/media/${id}/file`],
    [`https://app.example.com/api//media/${id}/file?x=1`],
    [`https://app.example.com/API/Media/${id}/file/`],
    [`https://app.example.com/api/media/${id.replace("-", "%2D")}/file`],
    [`https://app.example.com/api/x/../media/${id}/file`],
    [`https:\\\\app.example.com\\api\\media\\${id}\\file`],
  ])("reads our link %s", (link) => {
    expect(mediaIdOfLink(link)).toBe(id);
  });

  it.each([
    ["https://cdn.example.com/cake.png"],
    [`/api/media/${id}`],
    [`/api/media/${id}/file/more`],
    ["/api/media//file"],
    ["https://app.example.com/api/media/%E0%A4%A/file"],
    ["not a link at all"],
  ])("finds no media id in %s", (link) => {
    expect(mediaIdOfLink(link)).toBeNull();
  });
});

describe("isImageLink", () => {
  it.each([
    ["https://cdn.example.com/cake.png"],
    ["http://cdn.example.com/cake.png?size=2"],
    [signed],
    [`https://app.example.com${signed}`],
  ])("takes %s", (link) => {
    expect(isImageLink(link)).toBe(true);
  });

  it.each([
    ["javascript:alert(1)"],
    ["JAVASCRIPT:alert(1)"],
    ["data:image/png;base64,AAAA"],
    ["file:///etc/passwd"],
    ["blob:https://example.com/1"],
    ["ftp://example.com/a.png"],
    ["//evil.example.com/a.png"],
    ["/elsewhere/a.png"],
    ["http://"],
    [""],
  ])("refuses %s", (link) => {
    expect(isImageLink(link)).toBe(false);
  });

  it("is checked after trimming, with the field's own message", () => {
    const schema = imageLinkSchema("Invalid logo", "Logo");
    expect(schema.parse("  https://cdn.example.com/a.png ")).toBe("https://cdn.example.com/a.png");
    expect(schema.safeParse(" javascript:alert(1)").error?.issues[0]?.message).toBe("Invalid logo");
    expect(schema.safeParse(`https://x.example.com/${"a".repeat(2048)}`).error?.issues[0]?.message).toBe(
      "Logo must be at most 2048 characters",
    );
  });
});
