import { describe, expect, it } from "vitest";
import { checkImageUpload, IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, MAX_UPLOAD_BYTES } from "./schemas";

describe("checkImageUpload", () => {
  it("takes the spec's five image types up to 5 MB, by declared type or, without one, by extension", () => {
    for (const type of ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"])
      expect(checkImageUpload({ size: 1_000, type, name: "x" }), type).toBeNull();
    expect(checkImageUpload({ size: MAX_UPLOAD_BYTES, type: "", name: "photo.JPG" })).toBeNull();
  });

  it("says what is wrong in the spec's words, size first", () => {
    expect(checkImageUpload({ size: MAX_UPLOAD_BYTES + 1, type: "text/plain", name: "a.txt" })).toBe(
      IMAGE_TOO_LARGE,
    );
    expect(checkImageUpload({ size: 10, type: "text/plain", name: "a.png" })).toBe(INVALID_IMAGE_TYPE);
    expect(checkImageUpload({ size: 10, type: "image/svg+xml", name: "a.svg" })).toBe(INVALID_IMAGE_TYPE);
    expect(checkImageUpload({ size: 10, type: "", name: "notes.txt" })).toBe(INVALID_IMAGE_TYPE);
  });
});
