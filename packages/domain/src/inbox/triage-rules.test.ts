import { describe, expect, it } from "vitest";
import { triageCommentOffline } from "./triage-rules";

describe("the offline reading of a comment", () => {
  it("reads praise, complaints and plain remarks", () => {
    expect(triageCommentOffline("Love this, the croissants are amazing!").sentiment).toBe("positive");
    expect(triageCommentOffline("Cold coffee and a rude waiter. Awful.").sentiment).toBe("negative");
    expect(triageCommentOffline("We were there on Tuesday").sentiment).toBe("neutral");
    expect(triageCommentOffline("😍😍").sentiment).toBe("positive");
    expect(triageCommentOffline("👎").sentiment).toBe("negative");
  });

  it("turns a word around after a negation", () => {
    expect(triageCommentOffline("The cake was not good").sentiment).toBe("negative");
    expect(triageCommentOffline("Not bad at all").sentiment).toBe("positive");
    expect(triageCommentOffline("No problem, thanks").sentiment).toBe("positive");
  });

  it("sees questions with or without a question mark", () => {
    expect(triageCommentOffline("Are you open on Sunday?").question).toBe(true);
    expect(triageCommentOffline("How much is the waffle").question).toBe(true);
    expect(triageCommentOffline("Great post. Do you deliver to Leeds").question).toBe(true);
    expect(triageCommentOffline("Is there a vegan option").question).toBe(true);
    expect(triageCommentOffline("Can you save me two").question).toBe(true);
    expect(triageCommentOffline("Lovely photo").question).toBe(false);
  });

  it("hints at spam on selling phrases and bare links, not on a link in a real comment", () => {
    expect(triageCommentOffline("DM me for a promo on followers").spam).toBe(true);
    expect(triageCommentOffline("Follow me for more!").spam).toBe(true);
    expect(triageCommentOffline("https://cheap.example.xyz/win").spam).toBe(true);
    expect(triageCommentOffline("www.win-big.com").spam).toBe(true);
    expect(
      triageCommentOffline(
        "I wrote about your waffles on my blog last week, here: https://anna.example.com/waffles",
      ).spam,
    ).toBe(false);
    expect(triageCommentOffline("See you Friday!").spam).toBe(false);
  });

  it("answers the same way every time", () => {
    const text = "Why was my order late? Not happy.";
    expect(triageCommentOffline(text)).toEqual(triageCommentOffline(text));
    expect(triageCommentOffline(text)).toEqual({ sentiment: "negative", question: true, spam: false });
  });
});
