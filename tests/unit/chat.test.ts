import { describe, expect, it } from "vitest";
import { mentionsWebsite } from "../../apps/web/src/lib/chat";

describe("mentionsWebsite", () => {
  it("sees the web addresses people write", () => {
    for (const text of [
      "Analyze https://harbourbikes.com please",
      "look at http://127.0.0.1:8080/",
      "what about www.harbour-bikes.co.uk",
      "our site is harbourbikes.com",
      "check shop.harbourbikes.com/about",
    ])
      expect(mentionsWebsite(text), text).toBe(true);
  });

  it("leaves plain requests alone", () => {
    for (const text of [
      "Create a post about our summer sale",
      "go to calendar",
      "set my tone to casual",
      "v1.2",
    ])
      expect(mentionsWebsite(text), text).toBe(false);
  });
});
