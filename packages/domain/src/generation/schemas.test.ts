import { describe, expect, it } from "vitest";
import { CUSTOM_PROMPT_REQUIRED, generatePostInput } from "./schemas";

const IMAGE_ID = "0b7c6f5e-3f4a-4c1e-9d2a-6e8b1f0a2c3d";

/** The issues of a refused input, as AppError.fromZod reports them (dotted path, message). */
function issuesOf(input: unknown) {
  const parsed = generatePostInput.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("generatePostInput: a custom image style needs a brief", () => {
  it("refuses the custom style with neither an image prompt nor an uploaded image, on the prompt's field", () => {
    expect(issuesOf({ imageStyle: "custom" })).toEqual([
      { path: "imagePromptOverride", message: CUSTOM_PROMPT_REQUIRED },
    ]);
    // Blank counts as none: the prompt is trimmed before the rule looks at it.
    expect(issuesOf({ imageStyle: "custom", imagePromptOverride: "  \n " })).toEqual([
      { path: "imagePromptOverride", message: CUSTOM_PROMPT_REQUIRED },
    ]);
    // A post prompt is about the caption, not the picture: it is not a brief for the image.
    expect(issuesOf({ imageStyle: "custom", prompt: "our autumn blend" })).toEqual([
      { path: "imagePromptOverride", message: CUSTOM_PROMPT_REQUIRED },
    ]);
  });

  it("accepts the custom style with an image prompt or an uploaded image", () => {
    expect(issuesOf({ imageStyle: "custom", imagePromptOverride: "a lighthouse at dusk" })).toEqual([]);
    expect(issuesOf({ imageStyle: "custom", imageId: IMAGE_ID })).toEqual([]);
    expect(
      generatePostInput.parse({ imageStyle: "custom", imagePromptOverride: " a lighthouse " }),
    ).toMatchObject({ imageStyle: "custom", imagePromptOverride: "a lighthouse" });
  });

  it("asks nothing of the other styles, nor of an input that leaves the style to the brand", () => {
    for (const imageStyle of ["professional", "cartoon", "realistic", undefined])
      expect(issuesOf({ imageStyle }), String(imageStyle)).toEqual([]);
  });

  it("reports the rule together with the fields' own issues, so a form can show them all at once", () => {
    expect(issuesOf({ imageStyle: "custom", prompt: "x".repeat(2001) })).toEqual([
      { path: "prompt", message: "Prompt must be at most 2000 characters" },
      { path: "imagePromptOverride", message: CUSTOM_PROMPT_REQUIRED },
    ]);
  });
});
