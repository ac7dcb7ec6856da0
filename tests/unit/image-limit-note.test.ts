import { fitText } from "@smm/domain/web";
import { describe, expect, it } from "vitest";
import { imageLimitNote } from "@/lib/channels";

// Telegram takes 4,096 characters, but 1,024 as a photo's caption: the composer says what happens to a
// longer text sent with its image instead of blocking it.
const telegram = {
  maxLength: 4096,
  counting: "characters" as const,
  withImage: {
    maxLength: 1024,
    overLimit: "Longer than 1,024 characters with an image: sent as a message with the image as its preview.",
  },
};

describe("the composer's note on a text too long to be an image's caption", () => {
  it("says what the network does when the text passes the caption limit beside an image", () => {
    const long = "a".repeat(1500);
    expect(imageLimitNote(fitText(long, telegram), telegram, true)).toBe(telegram.withImage.overLimit);
  });

  it("says nothing without an image, within the caption limit, over the whole limit, or on other networks", () => {
    expect(imageLimitNote(fitText("a".repeat(1500), telegram), telegram, false)).toBeNull();
    expect(imageLimitNote(fitText("a".repeat(1024), telegram), telegram, true)).toBeNull();
    // Over 4,096 the counter's own reason speaks; the note would only add noise.
    expect(imageLimitNote(fitText("a".repeat(5000), telegram), telegram, true)).toBeNull();
    const bluesky = { maxLength: 300, counting: "graphemes" as const };
    expect(imageLimitNote(fitText("a".repeat(200), bluesky), bluesky, true)).toBeNull();
  });
});
