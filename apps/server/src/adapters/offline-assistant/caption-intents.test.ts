import { describe, expect, it } from "vitest";
import { findUploadedImage, UPLOAD_A_PHOTO_FIRST } from "./caption-intents";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";

const photo = "3f0c2b8e-6a1d-4c5e-9b7a-2d4e6f8a0b1c";
const older = "11111111-1111-4111-8111-111111111111";
const ctx = (lastImage: { id: string } | null = { id: photo }): TurnContext => ({
  tools: new Set(["captionFromImage", "writeSocialPost", "generatePost"]),
  now: new Date("2026-11-23T15:00:00.000Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
  lastImage,
});
const callOf = (message: string, context = ctx()) => {
  const decision = decideTurn(message, context);
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant's captions from images", () => {
  it.each([
    ["Write a caption for this photo", {}],
    ["write a caption for this photo for instagram", { platform: "instagram" }],
    ["Caption this image", {}],
    ["Can you caption the picture I uploaded?", {}],
    ["Write a caption for this photo about our new terrace", { context: "our new terrace" }],
    [
      "Caption my photo for Facebook: the autumn menu is here!",
      { platform: "facebook", context: "the autumn menu is here" },
    ],
  ])("%s", (message, extra) => {
    expect(callOf(message)).toEqual({ toolName: "captionFromImage", input: { imageId: photo, ...extra } });
  });

  it("asks for an upload when the conversation has none", () => {
    expect(callOf("Write a caption for this photo", ctx(null))).toEqual({
      kind: "say",
      text: UPLOAD_A_PHOTO_FIRST,
    });
  });

  it("leaves a caption about a topic to the writer", () => {
    expect(callOf("Write a caption about our summer sale")).toMatchObject({ toolName: "writeSocialPost" });
  });

  it("finds the newest uploaded image in the user turns", () => {
    expect(
      findUploadedImage([`Image id: ${older}\nUploaded image: a.png`, "hello", `Image id: ${photo}`]),
    ).toEqual({
      id: photo,
    });
    expect(findUploadedImage(["no images here"])).toBeNull();
  });

  it("answers with the caption and where the post waits", () => {
    const reply = describeOutcome({
      toolName: "captionFromImage",
      input: { imageId: photo },
      result: { post: { content: "Sunny days on the terrace.", platform: "instagram" }, model: "offline" },
    });
    expect(reply).toContain("Sunny days on the terrace.");
    expect(reply).toContain("an Instagram post with your photo, waiting for your approval");
    expect(reply).toContain("offline model");
  });
});
