import { describe, expect, it } from "vitest";
import { templatesEmptyText } from "./schemas";

describe("an empty template list says what narrowed it", () => {
  it("speaks of the search only when something was typed", () => {
    expect(templatesEmptyText({ search: "gelato", category: "all" })).toEqual({
      title: "No templates found",
      description: "No templates match your search. Try clearing your search term.",
    });
    expect(templatesEmptyText({ search: "gelato", category: "marketing", community: true })).toEqual({
      title: "No community templates found",
      description: "Try different search terms or adjust your filters.",
    });
  });

  it("names the category filter when only a category was chosen", () => {
    for (const community of [false, true]) {
      const { description } = templatesEmptyText({ search: "  ", category: "marketing", community });
      expect(description).toContain("Marketing Templates filter");
      expect(description).not.toMatch(/search/i);
    }
  });

  it("invites a first template when nothing narrows the list", () => {
    expect(templatesEmptyText({ search: "", category: "all" })).toEqual({
      title: "No templates yet",
      description: "No templates created yet. Create your first template!",
    });
    expect(templatesEmptyText({ search: "", category: "all", community: true }).description).toBe(
      "Be the first to share a template with the community!",
    );
  });
});
