import { postPlatforms } from "@smm/domain/web";
import { describe, expect, it } from "vitest";
import { networkIcons } from "@/components/network-icons";

// Icons are found by file name (network-icons/<platform>.tsx): a network added to the catalog without its
// mark would fall back to a generic one; this says which is missing.
describe("network icons", () => {
  it("has a mark for every network of the catalog, and none for a network that is not", () => {
    expect(Object.keys(networkIcons).sort()).toEqual([...postPlatforms].sort());
    for (const platform of postPlatforms) expect(typeof networkIcons[platform], platform).toBe("function");
  });
});
