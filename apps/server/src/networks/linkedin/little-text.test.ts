import { describe, expect, it } from "vitest";
import { renderLittleText } from "../../../../../tests/fakes/linkedin-server";
import { escapeLittleText } from "./little-text";

describe("escapeLittleText", () => {
  it("escapes every reserved character", () => {
    expect(escapeLittleText("a\\b|c{d}e@f[g]h(i)j<k>l*m_n~o")).toBe(
      "a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\*m\\_n\\~o",
    );
  });

  it("keeps the # of a hashtag, and escapes one inside a word or standing alone", () => {
    expect(escapeLittleText("#Coffee at 9 #café2026 (#inside) C# # x ##two")).toBe(
      "#Coffee at 9 #café2026 \\(#inside\\) C\\# \\# x \\#\\#two",
    );
    expect(escapeLittleText("line\n#Tag")).toBe("line\n#Tag");
    expect(escapeLittleText("https://example.com/page#top")).toBe("https://example.com/page\\#top");
  });

  it("reads back as the very text on LinkedIn's side, uncut", () => {
    const texts = [
      "Launch day (v2) :) <3 ~~ **bold** __x__ {json} [link] a|b \\ @alice",
      "Emoji 👩‍💻 and accents é, then #hashtags #AI and a URL https://x.com/a_b_(c)?q=1#frag",
      "Trailing backslash \\",
    ];
    for (const text of texts) {
      const rendered = renderLittleText(escapeLittleText(text));
      expect(rendered).toMatchObject({ text, truncated: false });
    }
    expect(renderLittleText(escapeLittleText("#AI and #ML")).hashtags).toEqual(["AI", "ML"]);
    // Unescaped, LinkedIn cuts the post at the first reserved character.
    expect(renderLittleText("Launch day (v2) is here")).toMatchObject({
      text: "Launch day ",
      truncated: true,
    });
  });
});
