import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";

/*
 * A layout check any spec can run on the screen it has open: nothing that can be clicked is covered by
 * another element (the floating assistant button over a sticky Save bar was the case that started this),
 * and no one-line label is cut to an ellipsis ("AI Gener...", "Content C..."). Both are measured in the
 * browser, the way the user meets them, not read from class names alone.
 */

export const LAYOUT_SCREENSHOT_DIR = "test-results/screenshots/layout";

/** What the browser found: a readable description of each covered control and each cut label. */
export interface LayoutProblems {
  covered: string[];
  truncated: string[];
  /** Controls and labels whose content runs out of their own box (a radio card's "Instagram" past its border). */
  spilling: string[];
  /**
   * What makes the user scroll sideways: the page wider than the window, a control beyond the window's left
   * or right edge (outside a strip meant to scroll sideways), the assistant's panel wider than itself.
   */
  sideways: string[];
  /** Sideways strips of tabs that draw a desktop scrollbar under the tabs (they scroll by swiping). */
  scrollbars: string[];
}

const INTERACTIVE = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=link]",
  "[role=tab]",
  "[role=checkbox]",
  "[role=switch]",
  "[role=radio]",
  "[role=combobox]",
  "[role=menuitem]",
  "[role=slider]",
  "[contenteditable=true]",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/**
 * Runs in the page. Every visible interactive element is scrolled to the middle of its scroll containers
 * (so the sticky header is not over it merely because of where the page happens to be scrolled; a sticky
 * bar or a fixed button still is, wherever the page scrolls) and probed at its centre and near its left
 * and right edges with elementFromPoint: the hit must be the element or inside it. Probing the edges too
 * catches a button whose right end sits under the floating assistant while its centre is still free.
 */
function findLayoutProblems(selector: string): LayoutProblems {
  const describe = (element: Element) => {
    const testId = element.closest("[data-testid]")?.getAttribute("data-testid");
    const label =
      element.getAttribute("aria-label") ??
      (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40) ??
      "";
    const own = element.getAttribute("data-testid");
    return `<${element.tagName.toLowerCase()}${own ? ` data-testid="${own}"` : ""}> "${label}"${
      !own && testId ? ` in [data-testid="${testId}"]` : ""
    }`;
  };
  const isShown = (element: Element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    // Visually hidden (sr-only) controls are 1 px boxes clipped away; they are for screen readers only.
    if (box.width <= 2 || box.height <= 2) return false;
    if (isClippedAway(getComputedStyle(element))) return false;
    // Inside something inert or hidden from everyone (Radix's native select mirror, a closed drawer).
    return !element.closest("[inert],[aria-hidden=true]");
  };
  const ownsHit = (element: Element, hit: Element | null) => {
    if (!hit) return false;
    if (element === hit || element.contains(hit)) return true;
    // A disabled button takes no pointer events, so the probe falls through to what is behind it: its
    // own container means nothing lies on top of it.
    if (getComputedStyle(element).pointerEvents === "none" && hit.contains(element)) return true;
    // A control drawn by its label (a styled checkbox) is reached through that label.
    const labels = (element as HTMLInputElement).labels;
    if (labels && Array.from(labels).some((label) => label.contains(hit))) return true;
    // An adornment drawn inside a field (the password field's eye button) lies wholly within its box.
    const outer = element.getBoundingClientRect();
    const inner = hit.getBoundingClientRect();
    return (
      inner.left >= outer.left &&
      inner.right <= outer.right &&
      inner.top >= outer.top &&
      inner.bottom <= outer.bottom
    );
  };
  const isClippedAway = (style: CSSStyleDeclaration) =>
    style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";

  const elements = Array.from(document.querySelectorAll(selector)).filter(isShown);

  // Sideways first, with nothing scrolled yet: the covered probe below scrolls each control into view.
  const sideways: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    sideways.push(`the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
  }
  const scrollsSideways = (element: Element) => {
    const overflowX = getComputedStyle(element).overflowX;
    return overflowX === "auto" || overflowX === "scroll";
  };
  const sidewaysStrip = (element: Element) => {
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      if (scrollsSideways(parent)) return parent;
    }
    return null;
  };
  for (const element of elements) {
    // A control in a strip that scrolls sideways (a tab bar on a phone) is reached by scrolling the strip;
    // the strip itself must fit the window.
    const strip = sidewaysStrip(element);
    const box = (strip ?? element).getBoundingClientRect();
    if (box.left < -1 || box.right > root.clientWidth + 1) {
      sideways.push(
        `${describe(strip ?? element)} spans ${Math.round(box.left)}..${Math.round(box.right)}px of a ${root.clientWidth}px window`,
      );
    }
  }
  const panel = document.querySelector('[data-testid="assistant-panel"]');
  if (panel) {
    for (const element of [panel, ...Array.from(panel.querySelectorAll("*"))]) {
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      const overflowX = getComputedStyle(element).overflowX;
      if (overflowX === "visible" && element !== panel) continue;
      sideways.push(
        `${describe(element)} in the assistant panel scrolls sideways (${element.scrollWidth}px in ${element.clientWidth}px)`,
      );
    }
  }
  const scrollbars: string[] = [];
  for (const strip of Array.from(document.querySelectorAll("*")).filter(scrollsSideways)) {
    // A tab strip: its tabs or links stand in one row (a sidebar's links, one under another, are a column).
    const items = Array.from(strip.querySelectorAll("[role=tab],a[href]")).filter(isShown);
    if (items.length < 2) continue;
    const tops = items.map((item) => Math.round(item.getBoundingClientRect().top));
    if (Math.max(...tops) - Math.min(...tops) > 4) continue;
    if (getComputedStyle(strip).scrollbarWidth !== "none") {
      scrollbars.push(`${describe(strip)} draws a scrollbar under its tabs`);
    }
  }

  const covered: string[] = [];
  const toggle = document.querySelector('[data-testid="assistant-toggle"]');
  const startX = window.scrollX;
  const startY = window.scrollY;
  for (const element of elements) {
    element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    // A link that wraps onto two lines has a box that takes in the text around it; its first line is its own.
    const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
    const inset = Math.min(6, box.width / 4);
    const y = box.top + box.height / 2;
    const points = [box.left + box.width / 2, box.left + inset, box.right - inset];
    for (const x of points) {
      // A box partly outside the window (a wide table scrolled sideways) is judged on what can be seen.
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (ownsHit(element, hit)) continue;
      covered.push(`${describe(element)} is covered by ${hit ? describe(hit) : "nothing (off screen)"}`);
      break;
    }
    // The round assistant button floats over the page: no part of any control may lie under it, not
    // merely its probed points (Settings' Save beside it on a phone).
    // Containers that take focus (a tab panel) hold the controls this judges one by one.
    if (toggle && element !== toggle && !element.contains(toggle) && !element.querySelector(selector)) {
      const round = toggle.getBoundingClientRect();
      const whole = element.getBoundingClientRect();
      const overlaps =
        whole.left < round.right &&
        whole.right > round.left &&
        whole.top < round.bottom &&
        whole.bottom > round.top;
      if (overlaps && !covered.at(-1)?.startsWith(describe(element))) {
        covered.push(`${describe(element)} lies partly under the assistant button`);
      }
    }
  }
  window.scrollTo({ left: startX, top: startY, behavior: "instant" });

  const truncated: string[] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
    if (!element.checkVisibility({ checkVisibilityCSS: true })) continue;
    // A field's value is the user's text, not a label; it scrolls rather than being lost.
    if (element.matches("input,textarea,select")) continue;
    const style = getComputedStyle(element);
    if (isClippedAway(style)) continue;
    const ellipsis = style.textOverflow === "ellipsis" || element.classList.contains("truncate");
    if (!ellipsis || element.scrollWidth <= element.clientWidth) continue;
    // Cut text whose whole is one hover away (a title tooltip) is a deliberate choice, not a lost label.
    if (element.closest("[title]")) continue;
    truncated.push(`${describe(element)} shows ${element.clientWidth}px of ${element.scrollWidth}px`);
  }
  const spilling: string[] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>(`${selector},label,h1,h2,h3`))) {
    if (!isShown(element) || element.matches("input,textarea,select")) continue;
    if (getComputedStyle(element).overflowX !== "visible") continue;
    if (element.scrollWidth <= element.clientWidth + 1) continue;
    spilling.push(`${describe(element)} holds ${element.scrollWidth}px in ${element.clientWidth}px`);
  }
  return { covered, truncated, spilling, sideways, scrollbars };
}

/** Measures the open screen and returns what it found (for specs that want to assert something finer). */
export async function measureLayout(page: Page): Promise<LayoutProblems> {
  return page.evaluate(findLayoutProblems, INTERACTIVE);
}

/**
 * Saves screenshots of the open screen as evidence, test-results/screenshots/layout/<name>.png (the whole
 * page; on CI only when something is wrong) and <name>-viewport.png (the window as the user sees it, where fixed and sticky things are drawn
 * in their real places), then fails the test with a list of every covered control and every cut label found.
 */
export async function expectCleanLayout(page: Page, name: string) {
  // Nothing mid-animation (a panel sliding in, a toast) should decide the result.
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Animations that end (a panel sliding in, a toast) are waited for; endless ones (spinners) are not.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  // Pictures first: measuring scrolls inner strips (a sideways tab list) to reach each control.
  mkdirSync(LAYOUT_SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${LAYOUT_SCREENSHOT_DIR}/${name}-viewport.png` });
  // The whole page is the slow picture (7 s of a view's 48, measured 2026-11-29): CI takes it only as
  // evidence of a failure, after measuring; a local run keeps it for every screen.
  const wholePage = { path: `${LAYOUT_SCREENSHOT_DIR}/${name}.png`, fullPage: true };
  if (!process.env.CI) await page.screenshot(wholePage);
  const problems = await measureLayout(page);
  if (process.env.CI && Object.values(problems).some((found) => found.length > 0))
    await page.screenshot(wholePage);
  expect.soft(problems.covered, `${name}: interactive elements covered by another element`).toEqual([]);
  expect.soft(problems.truncated, `${name}: labels cut to an ellipsis`).toEqual([]);
  expect.soft(problems.spilling, `${name}: content running out of its box`).toEqual([]);
  expect.soft(problems.sideways, `${name}: something to scroll sideways for`).toEqual([]);
  expect.soft(problems.scrollbars, `${name}: tab strips drawing a scrollbar`).toEqual([]);
}

/**
 * The control is there when the screen opens, without scrolling either way: wholly inside the window
 * and, at its centre, not under anything else (the Send of the hub, Approve and Deny, the assistant's
 * close button, Settings' Save). Measured where the page is, so call it before anything scrolls.
 */
export async function expectVisibleWithoutScrolling(locator: Locator, name: string) {
  await expect(locator).toBeVisible();
  const problem = await locator.evaluate((element) => {
    if (window.scrollX !== 0 || window.scrollY !== 0)
      return `the page is scrolled to ${window.scrollX},${window.scrollY}`;
    const box = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) {
      return `it spans ${Math.round(box.left)}..${Math.round(box.right)} x ${Math.round(box.top)}..${Math.round(box.bottom)} in a ${width}x${height} window`;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    // A disabled button (Send with nothing typed) lets the probe through to its own container.
    const passesThrough = getComputedStyle(element).pointerEvents === "none" && hit?.contains(element);
    if (!hit || !(element === hit || element.contains(hit) || passesThrough)) {
      const label = hit
        ? `<${hit.tagName.toLowerCase()}> ${hit.closest("[data-testid]")?.getAttribute("data-testid") ?? ""}`
        : "nothing";
      return `its centre is under ${label}`;
    }
    return null;
  });
  expect.soft(problem, `${name} is visible and free without scrolling`).toBeNull();
}
