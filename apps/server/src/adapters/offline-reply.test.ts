import { contentTones } from "@smm/domain/brands";
import type { AiBrandContext, ReplyDraftRequest } from "@smm/domain/ports";
import { describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "./offline-ai";
import { draftReplyOffline, firstNameOf } from "./offline-reply";

const brand: AiBrandContext = {
  name: "Bean There",
  description: "A neighbourhood roastery",
  industry: "specialty coffee",
  tone: "friendly",
  targetAudience: "young professionals",
  keyMessages: ["Roasted fresh every morning"],
  doNotMention: [],
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  accentColor: "#10B981",
  imageStyle: "professional",
};

const request = (overrides: Partial<ReplyDraftRequest> = {}): ReplyDraftRequest => ({
  brand,
  language: "en",
  platform: "facebook",
  post: { content: "Our waffle Wednesday is back!" },
  comment: {
    text: "These waffles look amazing, love them!",
    authorName: "Anna Schmidt",
    authorHandle: "anna.s",
  },
  thread: [],
  maxLength: 8000,
  ...overrides,
});

const comment = (text: string, authorName: string | null = "Anna Schmidt") => ({
  comment: { text, authorName, authorHandle: "anna.s" },
});

describe("draftReplyOffline", () => {
  it("thanks praise, greeting the author by first name", () => {
    const reply = draftReplyOffline(request());
    expect(reply).toMatch(/^Hi Anna!/);
    expect(reply).toMatch(/thank/i);
    expect(reply).not.toContain("Schmidt");
  });

  it("apologises for a complaint and offers to help", () => {
    const reply = draftReplyOffline(request(comment("The coffee was cold and the staff was rude.")));
    expect(reply).toMatch(/sorry|apologi/i);
    expect(reply).toMatch(/message|contact|get in touch/i);
    expect(reply).not.toMatch(/have a lovely day/i);
  });

  it("answers a question with 'Great question' and where to find the answer", () => {
    const reply = draftReplyOffline(request(comment("When do you open on Sundays?")));
    expect(reply).toContain("Great question");
    expect(reply).toMatch(/message/i);
  });

  it("writes in the brand's tone: each tone its own reply", () => {
    const replies = contentTones.map((tone) => draftReplyOffline(request({ brand: { ...brand, tone } })));
    expect(new Set(replies).size).toBe(contentTones.length);
    const professional = draftReplyOffline(request({ brand: { ...brand, tone: "professional" } }));
    expect(professional).toMatch(/^Hello Anna, thank you/);
    expect(draftReplyOffline(request({ brand: { ...brand, tone: "casual" } }))).toMatch(/^Hey Anna!/);
  });

  it("follows instructions: 'thank her and mention Friday'", () => {
    const reply = draftReplyOffline(
      request({
        ...comment("Can't wait to try the new blend"),
        instructions: "thank her and mention Friday",
      }),
    );
    expect(reply).toMatch(/thank/i);
    expect(reply).toContain("Friday");
    expect(reply).not.toMatch(/thank her|mention/i);
  });

  it("follows instructions: says what it is told, apologises, offers a discount", () => {
    const opening = draftReplyOffline(
      request({ ...comment("What time do you open?"), instructions: "say we open at 8" }),
    );
    expect(opening).toContain("We open at 8.");
    expect(opening).toContain("Great question");
    // The answer is given, so no "send us a message for the details".
    expect(opening).not.toMatch(/message/i);
    const sentences = draftReplyOffline(
      request({ instructions: "Say we open at 8.30 and close at 6. We have oat milk too." }),
    );
    expect(sentences).toContain("We open at 8.30 and close at 6.");
    expect(sentences).toContain("We have oat milk too.");

    const sorry = draftReplyOffline(
      request({
        ...comment("I waited 20 minutes for my order", "Tom"),
        instructions: "apologise for the wait and offer a discount on his next order",
      }),
    );
    expect(sorry).toContain("Tom");
    expect(sorry).toContain("We're sorry about the wait.");
    expect(sorry).toContain("We'd like to offer you a discount on your next order.");
  });

  it("never names a do-not-mention topic, checked without regard to case", () => {
    const careful = { ...brand, doNotMention: ["FRIDAY", "discount"] };
    const reply = draftReplyOffline(
      request({ brand: careful, instructions: "thank her, mention Friday and offer a discount" }),
    );
    expect(reply.toLowerCase()).not.toContain("friday");
    expect(reply.toLowerCase()).not.toContain("discount");
    expect(reply).toMatch(/thank/i);
    // Told to avoid a topic in the instructions themselves.
    const told = draftReplyOffline(
      request({ instructions: "say the waffles are back on Friday and don't mention waffles" }),
    );
    expect(told.toLowerCase()).not.toContain("waffle");
    // A name that is a banned term is not used to greet.
    const named = draftReplyOffline(request({ brand: { ...brand, doNotMention: ["anna"] } }));
    expect(named.toLowerCase()).not.toContain("anna");
    expect(named).toMatch(/thank/i);
  });

  it("stays within the network's length, cut at a word", () => {
    const long = request({
      instructions:
        "thank her for the lovely photo, mention our new autumn blend and say we open at 8 every day",
    });
    const full = draftReplyOffline(long);
    for (const maxLength of [300, 120, 60, 25]) {
      const reply = draftReplyOffline({ ...long, maxLength });
      expect(reply.length).toBeLessThanOrEqual(maxLength);
      expect(reply.length).toBeGreaterThan(0);
      // Whole words of the full reply only.
      for (const word of reply.split(/\s+/)) expect(full).toContain(word.replace(/[.,!?]+$/, ""));
    }
    // What the user asked for outlasts the courtesy lines.
    expect(draftReplyOffline({ ...long, maxLength: 120 })).toContain("We open at 8 every day.");
  });

  it("is deterministic", () => {
    const asked = request({ instructions: "thank her and mention Friday" });
    expect(draftReplyOffline(asked)).toBe(draftReplyOffline(asked));
    expect(draftReplyOffline(request(comment("Love this so much")))).not.toBe(draftReplyOffline(asked));
  });

  it("writes the brand's language where it has phrases for it, else English", () => {
    const french = draftReplyOffline(request({ language: "fr" }));
    expect(french).toMatch(/^Bonjour Anna/);
    expect(french).toMatch(/merci/i);
    const friday = draftReplyOffline(
      request({ language: "de", instructions: "thank her and mention Friday" }),
    );
    expect(friday).toMatch(/Dank/);
    expect(friday).toContain("am Freitag");
    const japanese = draftReplyOffline(request({ language: "ja" }));
    expect(japanese).toMatch(/^Hi Anna!/);
  });

  it("greets by first name only when the author's name starts with one", () => {
    expect(firstNameOf("Anna Schmidt")).toBe("Anna");
    expect(firstNameOf("bakery_fan_92")).toBeNull();
    expect(firstNameOf("@anna")).toBeNull();
    expect(firstNameOf(null)).toBeNull();
    expect(draftReplyOffline(request(comment("Love it!", null)))).toMatch(/^Hi there!/);
  });
});

describe("the offline provider", () => {
  it("triages with the offline lexicon, one reading per comment in order", async () => {
    const ai = createOfflineAiProvider();
    const readings = await ai.triageComments({
      brand,
      comments: [
        { text: "Absolutely love this!", authorName: "Anna", own: false },
        { text: "Terrible service, never again", authorName: "Tom", own: false },
        { text: "Do you deliver?", authorName: null, own: false },
      ],
    });
    expect(readings.map((reading) => reading.sentiment)).toEqual(["positive", "negative", "neutral"]);
    expect(readings[2]?.question).toBe(true);
  });

  it("drafts replies with the offline writer", async () => {
    const reply = await createOfflineAiProvider().draftReply(request({ instructions: "mention Friday" }));
    expect(reply).toContain("Friday");
  });
});
