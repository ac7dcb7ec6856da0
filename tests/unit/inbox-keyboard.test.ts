import { describe, expect, it } from "vitest";
import {
  type InboxNav,
  type InboxNavAction,
  initialInboxNav,
  isTypingTarget,
  type NavEntry,
  readInboxKey,
  reduceInboxNav,
} from "@/lib/inbox-logic";

/*
 * The inbox's keyboard: j and k walk the list's items (across conversations), e marks the selected one done
 * and moves on like archiving a mail, and when the selected item leaves the list ("Needs reply" drops what
 * is done) j and k carry on from where it stood instead of jumping back to the top.
 */

const entries: NavEntry[] = [
  { itemId: "a1", postId: "A" },
  { itemId: "a2", postId: "A" },
  { itemId: "b1", postId: "B" },
  { itemId: "c1", postId: "C" },
];

type ActionWithout = InboxNavAction extends infer T
  ? T extends unknown
    ? Omit<T, "entries">
    : never
  : never;
function run(actions: ActionWithout[], list: NavEntry[] = entries, start: InboxNav = initialInboxNav(null)) {
  return actions.reduce(
    (state, action) => reduceInboxNav(state, { ...action, entries: list } as InboxNavAction),
    start,
  );
}

describe("reduceInboxNav", () => {
  it("j from nothing selects the first item and opens its conversation; k from nothing the last", () => {
    expect(run([{ type: "move", delta: 1 }])).toEqual({ postId: "A", itemId: "a1", index: 0 });
    expect(run([{ type: "move", delta: -1 }])).toMatchObject({ postId: "C", itemId: "c1" });
  });

  it("j and k walk across conversations and stop at the ends", () => {
    const down = run([
      { type: "move", delta: 1 },
      { type: "move", delta: 1 },
      { type: "move", delta: 1 },
    ]);
    expect(down).toMatchObject({ postId: "B", itemId: "b1" });
    const end = run([{ type: "move", delta: 1 }], entries, down);
    expect(run([{ type: "move", delta: 1 }], entries, end)).toMatchObject({ itemId: "c1" });
    expect(
      run([{ type: "move", delta: -1 }], entries, { postId: "A", itemId: "a1", index: 0 }),
    ).toMatchObject({
      itemId: "a1",
    });
  });

  it("does nothing on an empty list", () => {
    const state = initialInboxNav("A");
    expect(run([{ type: "move", delta: 1 }], [], state)).toBe(state);
  });

  it("a click selects an item and its conversation", () => {
    expect(run([{ type: "select", itemId: "b1", postId: "B" }])).toEqual({
      postId: "B",
      itemId: "b1",
      index: 2,
    });
  });

  it("opening a conversation selects its first item in the list, or none when the list does not show it", () => {
    expect(run([{ type: "open", postId: "B" }])).toMatchObject({ postId: "B", itemId: "b1" });
    expect(run([{ type: "open", postId: "Z" }])).toMatchObject({ postId: "Z", itemId: null });
  });

  it("closing the conversation (a phone's back button) keeps where the keyboard was", () => {
    const state = run([
      { type: "select", itemId: "a2", postId: "A" },
      { type: "open", postId: null },
    ]);
    expect(state).toMatchObject({ postId: null, itemId: "a2" });
  });

  it("e selects the next item, and keeps the last one selected at the end", () => {
    expect(run([{ type: "select", itemId: "a2", postId: "A" }, { type: "done" }])).toMatchObject({
      itemId: "b1",
      postId: "B",
    });
    expect(run([{ type: "select", itemId: "c1", postId: "C" }, { type: "done" }])).toMatchObject({
      itemId: "c1",
    });
  });

  it("when the selected item leaves the list, j goes to the item now in its place and k to the one above", () => {
    const selected = run([{ type: "select", itemId: "a2", postId: "A" }]);
    const without = entries.filter((entry) => entry.itemId !== "a2");
    expect(run([{ type: "move", delta: 1 }], without, selected)).toMatchObject({ itemId: "b1" });
    expect(run([{ type: "move", delta: -1 }], without, selected)).toMatchObject({ itemId: "a1" });
    // The last one left: j stays within the list.
    const last = run([{ type: "select", itemId: "c1", postId: "C" }]);
    expect(run([{ type: "move", delta: 1 }], entries.slice(0, 3), last)).toMatchObject({ itemId: "b1" });
  });

  it("an item chosen in the thread (not in the list) keeps the keyboard's place", () => {
    const state = run([
      { type: "select", itemId: "b1", postId: "B" },
      { type: "select", itemId: "b-old", postId: "B" },
    ]);
    expect(state).toMatchObject({ itemId: "b-old", index: 2 });
    expect(run([{ type: "move", delta: 1 }], entries, state)).toMatchObject({ itemId: "b1" });
  });
});

describe("readInboxKey", () => {
  const onPage = { tagName: "DIV" } as unknown as EventTarget;
  const key = (value: string, extra: Partial<Parameters<typeof readInboxKey>[0]> = {}) =>
    readInboxKey({ key: value, target: onPage, ctrlKey: false, metaKey: false, altKey: false, ...extra });

  it("maps j, k, r and e to the page's commands", () => {
    expect([key("j"), key("k"), key("r"), key("e"), key("x")]).toEqual([
      "next",
      "previous",
      "reply",
      "done",
      null,
    ]);
  });

  it("ignores them while typing in a field and with a modifier held", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"])
      expect(key("j", { target: { tagName } as unknown as EventTarget })).toBeNull();
    expect(
      key("j", { target: { tagName: "DIV", isContentEditable: true } as unknown as EventTarget }),
    ).toBeNull();
    expect(key("r", { ctrlKey: true })).toBeNull();
    expect(key("e", { metaKey: true })).toBeNull();
    expect(key("k", { altKey: true })).toBeNull();
  });

  it("tells fields from the rest of the page", () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON" } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget({ tagName: "textarea" } as unknown as EventTarget)).toBe(true);
  });
});
