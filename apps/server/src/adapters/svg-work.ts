/**
 * What an uploaded SVG would cost to draw, judged from its text before librsvg sees it.
 *
 * Why before: librsvg renders in one native call that nothing can interrupt (a worker's terminate() waits
 * for it, and sharp's timeout only checks between tiles), so a 15 KB file that blurs 300 shapes burns 30 s
 * of CPU whatever the time limit says. The only real bound is refusing the expensive constructs up front:
 * filter passes, masks, pattern tiles, markers and dashes, multiplied by every <use> that draws them again.
 *
 * The estimate is in milliseconds of one core at the rasteriser's 1024 px output, from measurements of
 * librsvg 2.63 through sharp 0.35 (scripts in the commit that added this file): it is a worst case, so a
 * filter pass is priced at a whole-canvas filter region. The parser is deliberately strict: whatever it
 * cannot read the way libxml2 would (entities, other encodings, unbalanced tags) is refused, so the file
 * librsvg draws is the file that was measured.
 */

export interface SvgWorkLimits {
  /** Elements in the document. */
  maxElements: number;
  /** How deep elements nest. */
  maxDepth: number;
  /** Filter primitive elements in the document (a parse bound: what they cost is in the estimate). */
  maxFilterPrimitives: number;
  /** The estimated cost of drawing it, ms of one core (see UNIT_COST_MS). */
  maxEstimatedMs: number;
  /** A Gaussian blur's stdDeviation, as a share of the canvas's longer side. */
  maxBlurShare: number;
  /** An feMorphology radius, as a share of the canvas's longer side (its cost grows with the radius squared). */
  maxMorphologyShare: number;
  /** An feConvolveMatrix order (its cost grows with the order squared). */
  maxConvolveOrder: number;
  maxTurbulenceOctaves: number;
  /** Characters inside text elements (each one is shaped and drawn). */
  maxTextCharacters: number;
  /** Raster images embedded as data: URIs (each is decoded). */
  maxEmbeddedImages: number;
}

export const DEFAULT_SVG_WORK_LIMITS: SvgWorkLimits = {
  maxElements: 20_000,
  maxDepth: 50,
  // Design tools write one filter per shadowed layer; what they cost is the estimate's business.
  maxFilterPrimitives: 1_000,
  // Half the worker's time limit: a refused file costs nothing, an accepted one finishes well inside it.
  maxEstimatedMs: 5_000,
  maxBlurShare: 0.1,
  maxMorphologyShare: 0.02,
  maxConvolveOrder: 9,
  maxTurbulenceOctaves: 10,
  maxTextCharacters: 10_000,
  maxEmbeddedImages: 16,
};

/**
 * Per unit at 1024 x 1024 with sharp.concurrency(1), measured on a 2-core machine under other load (up to 2-3x
 * an idle core), rounded up: 19,000 plain paths 760 ms; an element drawn through a filter 14 ms whatever its
 * region (librsvg's canvas-sized surfaces), plus per primitive 75-200 ms over a canvas-sized region, in
 * proportion below that (a Figma drop shadow, 8 primitives over a small region, 22 ms in all); a mask 15 ms;
 * a pattern fill 2.7 s with 10,000 tiles and 550 ms with 625; feTurbulence 110 ms per octave over the canvas;
 * feMorphology 20 ms per cell of its (2r+1)^2 window; an order-9 feConvolveMatrix 1.7 s; 12.5 million
 * dashes 11 s.
 */
const UNIT_COST_MS = {
  element: 0.1,
  filteredElement: 20,
  /** One primitive over the whole canvas; scaled by the share of the canvas its filter region covers. */
  filterPass: 200,
  turbulenceOctave: 110,
  morphologyCell: 20,
  mask: 16,
  pattern: 500,
  patternTile: 0.2,
  dash: 0.002,
} as const;

/** The SVG as far as the rasteriser needs it: the refusal, or what is left to check once it is decoded. */
export type SvgWorkVerdict =
  | { ok: true; estimatedMs: number; embeddedImages: string[] }
  | { ok: false; reason: string };

class Refusal extends Error {}

const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** Elements whose children are drawn only when something references them (or never). */
const NON_RENDERING = new Set([
  "defs",
  "symbol",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "filter",
  "linearGradient",
  "radialGradient",
  "style",
  "script",
  "title",
  "desc",
  "metadata",
  "foreignObject",
  "font",
  "font-face",
  "glyph",
  "missing-glyph",
  "cursor",
  "view",
]);

/** Children of filter primitives that configure them rather than run a pass of their own. */
const PRIMITIVE_PARTS = new Set([
  "feMergeNode",
  "feFuncR",
  "feFuncG",
  "feFuncB",
  "feFuncA",
  "feDistantLight",
  "fePointLight",
  "feSpotLight",
]);

const TEXT_ELEMENTS = new Set(["text", "tspan", "textPath", "tref", "title", "desc"]);
const DRAWN_TEXT = new Set(["text", "tspan", "textPath", "tref"]);
const URL_PROPERTIES = new Set([
  "fill",
  "stroke",
  "filter",
  "mask",
  "clip-path",
  "marker",
  "marker-start",
  "marker-mid",
  "marker-end",
]);
const MARKER_PROPERTIES = ["marker", "marker-start", "marker-mid", "marker-end"] as const;
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

interface SvgNode {
  index: number;
  name: string;
  /** Attributes by local name (xlink:href is href); the first wins, as in librsvg. */
  attrs: Map<string, string>;
  /** Every href-like attribute, both spellings, for the reference checks. */
  hrefs: string[];
  parent: number;
  children: number[];
  text: string;
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** libxml2 expands character references in attribute values, so the checks must see them expanded. */
function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);|&/gi, (match, ref: string | undefined) => {
    if (!ref) return refuse("a bare '&'");
    if (ref.startsWith("#x") || ref.startsWith("#X"))
      return String.fromCodePoint(checkedCodePoint(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(checkedCodePoint(ref.slice(1), 10));
    return XML_ENTITIES[ref] ?? refuse(`an undeclared entity ${match}`);
  });
}

function checkedCodePoint(digits: string, radix: number): number {
  const value = Number.parseInt(digits, radix);
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff
    ? value
    : refuse("a bad character reference");
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** A small XML reader: tags, attributes, text; refuses anything libxml2 might read differently. */
function parseSvg(text: string, limits: SvgWorkLimits): SvgNode[] {
  const nodes: SvgNode[] = [];
  const stack: number[] = [];
  let rootClosed = false;
  let i = 0;
  const appendText = (raw: string) => {
    const top = stack.at(-1);
    if (top === undefined) {
      if (raw.trim()) refuse("text outside the root element");
      return;
    }
    const node = nodes[top] as SvgNode;
    if (node.name === "style" || TEXT_ELEMENTS.has(node.name)) node.text += raw;
  };
  const nameAt = /[A-Za-z_][\w.:-]*/y;
  const attributeAt = /\s+([^\s=/>"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
  const tagEndAt = /\s*(\/?)>/y;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    if (lt === -1) {
      appendText(decodeXml(text.slice(i)));
      break;
    }
    if (lt > i) appendText(decodeXml(text.slice(i, lt)));
    if (text.startsWith("<!--", lt)) {
      const end = text.indexOf("-->", lt + 4);
      if (end === -1) refuse("an unclosed comment");
      i = end + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", lt)) {
      const end = text.indexOf("]]>", lt + 9);
      if (end === -1) refuse("an unclosed CDATA section");
      appendText(text.slice(lt + 9, end));
      i = end + 3;
      continue;
    }
    if (text.startsWith("<?", lt)) {
      const end = text.indexOf("?>", lt + 2);
      if (end === -1) refuse("an unclosed processing instruction");
      const instruction = text.slice(lt + 2, end);
      // librsvg loads the style sheet an xml-stylesheet instruction names.
      if (/^xml-stylesheet/i.test(instruction)) refuse("an xml-stylesheet instruction");
      // The bytes were read as UTF-8; a file that says otherwise would be parsed differently by libxml2.
      const encoding = /^xml\s[\s\S]*?encoding\s*=\s*["']([^"']+)["']/.exec(instruction)?.[1];
      if (encoding && !/^(utf-?8|us-ascii)$/i.test(encoding)) refuse(`the ${encoding} encoding`);
      i = end + 2;
      continue;
    }
    if (text.startsWith("<!", lt)) {
      // A doctype naming the SVG DTD is common in exported files; an internal subset could declare entities.
      const end = text.indexOf(">", lt + 2);
      if (end === -1 || !/^<!DOCTYPE\s[^[<]*$/i.test(text.slice(lt, end))) refuse("a DTD internal subset");
      if (nodes.length > 0) refuse("a doctype after the root element");
      i = end + 1;
      continue;
    }
    if (text.startsWith("</", lt)) {
      nameAt.lastIndex = lt + 2;
      const name = nameAt.exec(text)?.[0] ?? refuse("a malformed closing tag");
      tagEndAt.lastIndex = nameAt.lastIndex;
      const close = tagEndAt.exec(text);
      if (!close || close[1]) refuse("a malformed closing tag");
      const open = stack.pop();
      if (open === undefined || (nodes[open] as SvgNode).name !== localName(name)) refuse("unbalanced tags");
      if (stack.length === 0) rootClosed = true;
      i = tagEndAt.lastIndex;
      continue;
    }
    nameAt.lastIndex = lt + 1;
    const rawName = nameAt.exec(text)?.[0] ?? refuse("a malformed tag");
    if (rootClosed) refuse("content after the root element");
    const node: SvgNode = {
      index: nodes.length,
      name: localName(rawName),
      attrs: new Map(),
      hrefs: [],
      parent: stack.at(-1) ?? -1,
      children: [],
      text: "",
    };
    if (nodes.length === 0 && node.name !== "svg") refuse("a root element other than <svg>");
    let cursor = nameAt.lastIndex;
    for (;;) {
      attributeAt.lastIndex = cursor;
      const attribute = attributeAt.exec(text);
      if (!attribute) break;
      cursor = attributeAt.lastIndex;
      const name = attribute[1] as string;
      if (name === "xmlns" || name.startsWith("xmlns:")) continue;
      const value = decodeXml(attribute[2] ?? attribute[3] ?? "");
      const local = localName(name);
      if (local === "href") node.hrefs.push(value.trim());
      if (!node.attrs.has(local)) node.attrs.set(local, value);
    }
    tagEndAt.lastIndex = cursor;
    const end = tagEndAt.exec(text) ?? refuse(`a malformed <${rawName}> tag`);
    const index = nodes.push(node) - 1;
    if (nodes.length > limits.maxElements) refuse(`more than ${limits.maxElements} elements`);
    if (node.parent >= 0) (nodes[node.parent] as SvgNode).children.push(index);
    if (!end[1]) {
      stack.push(index);
      if (stack.length > limits.maxDepth) refuse(`elements nested deeper than ${limits.maxDepth}`);
    } else if (stack.length === 0) rootClosed = true;
    i = tagEndAt.lastIndex;
  }
  if (nodes.length === 0) refuse("no <svg> element");
  if (stack.length > 0) refuse("unclosed tags");
  return nodes;
}

/** CSS declarations, for style attributes and <style> sheets alike (selectors are ignored: see below). */
function readDeclarations(css: string): Map<string, string[]> {
  // Escapes and imports could hide a property or an external reference from these checks.
  if (css.includes("\\")) refuse("a CSS escape");
  if (/@import/i.test(css)) refuse("a CSS @import");
  const declarations = new Map<string, string[]>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, " ");
  for (const match of withoutComments.matchAll(/([a-zA-Z-]+)\s*:\s*([^;{}]*)/g)) {
    const name = (match[1] as string).toLowerCase();
    const list = declarations.get(name) ?? [];
    list.push((match[2] as string).replace(/!important/i, "").trim());
    declarations.set(name, list);
  }
  return declarations;
}

/** The local id a url(#id) value points at, or null for none; anything but a local reference is refused. */
function urlTargets(value: string): string[] {
  const targets: string[] = [];
  for (const match of value.matchAll(/url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi)) {
    const target = (match[1] ?? match[2] ?? match[3] ?? "").trim();
    if (!target.startsWith("#")) refuse(`an external reference ${target.slice(0, 40)}`);
    targets.push(target.slice(1));
  }
  if (targets.length === 0 && /url\s*\(/i.test(value)) refuse("an unreadable url()");
  return targets;
}

const LENGTH = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*$/i;
// Units as CSS pixels; em and ex as a 16 px font: only ever used to bound lengths from above.
const UNIT_PX: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  em: 16,
  ex: 8,
};

function parseLength(value: string | undefined, percentBase: number): number | null {
  if (value === undefined) return null;
  const match = LENGTH.exec(value);
  if (!match) return null;
  const number = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  if (unit === "%") return (number / 100) * percentBase;
  return number * (unit ? (UNIT_PX[unit] as number) : 1);
}

function parseNumbers(value: string | undefined): number[] {
  if (!value) return [];
  return [...value.matchAll(/[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi)].map((match) => Number(match[0]));
}

/** |det| of a transform list: how much it scales areas (rotations, skews and translations do not). */
function areaScale(transform: string | undefined): number {
  if (!transform) return 1;
  let scale = 1;
  for (const match of transform.matchAll(/(matrix|scale)\s*\(([^)]*)\)/gi)) {
    const args = parseNumbers(match[2]);
    if ((match[1] as string).toLowerCase() === "matrix") {
      const [a = 1, b = 0, c = 0, d = 1] = args;
      scale *= Math.abs(a * d - b * c);
    } else {
      const [x = 1, y = x] = args;
      scale *= Math.abs(x * y);
    }
  }
  return scale;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const unionBox = (a: Box | null, b: Box | null): Box | null =>
  !a
    ? b
    : !b
      ? a
      : {
          x0: Math.min(a.x0, b.x0),
          y0: Math.min(a.y0, b.y0),
          x1: Math.max(a.x1, b.x1),
          y1: Math.max(a.y1, b.y1),
        };

/**
 * An upper bound on a path's length, its vertex count (markers are drawn at each vertex) and a box around it.
 * Curves are bounded by their control polygons (and boxes), arcs by their ellipse.
 */
function measurePath(d: string): { length: number; vertices: number; box: Box | null } {
  let length = 0;
  let vertices = 0;
  let box: Box | null = null;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last control point, which a following S/T reflects about the current point.
  let controlX = 0;
  let controlY = 0;
  let i = 0;
  let command = "";
  const separatorsAt = /[\s,]*/y;
  const letterAt = /[MmLlHhVvCcSsQqTtAaZz]/y;
  const numberAt = /[\s,]*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/y;
  // Arc flags are single digits and may be written without separators ("a1 1 0 00 1 1").
  const flagAt = /[\s,]*([01])/y;
  const read = (pattern: RegExp): number => {
    pattern.lastIndex = i;
    const match = pattern.exec(d) ?? refuse("unreadable path data");
    i = pattern.lastIndex;
    return Number(match[1]);
  };
  const next = () => read(numberAt);
  const include = (px: number, py: number, margin = 0) => {
    box = unionBox(box, { x0: px - margin, y0: py - margin, x1: px + margin, y1: py + margin });
  };
  /** A segment to (nx, ny) through control points: its polygon's length, its points in the box. */
  const to = (nx: number, ny: number, ...controls: number[]) => {
    let px = x;
    let py = y;
    for (let c = 0; c + 1 < controls.length; c += 2) {
      length += Math.hypot((controls[c] as number) - px, (controls[c + 1] as number) - py);
      [px, py] = [controls[c] as number, controls[c + 1] as number];
      include(px, py);
    }
    length += Math.hypot(nx - px, ny - py);
    include(nx, ny);
    // Without control points, a following S/T reflects the current point onto itself.
    [controlX, controlY] = controls.length >= 2 ? [px, py] : [nx, ny];
    x = nx;
    y = ny;
    vertices += 1;
  };
  for (;;) {
    separatorsAt.lastIndex = i;
    separatorsAt.exec(d);
    i = separatorsAt.lastIndex;
    if (i >= d.length) break;
    letterAt.lastIndex = i;
    const letter = letterAt.exec(d)?.[0];
    if (letter) {
      command = letter;
      i = letterAt.lastIndex;
      if (command === "Z" || command === "z") {
        to(startX, startY);
        continue;
      }
    } else if (!command || command === "Z" || command === "z") {
      // Numbers with no command to repeat: librsvg stops drawing there; refusing is simpler than agreeing.
      refuse("unreadable path data");
    }
    const ox = command === command.toLowerCase() ? x : 0;
    const oy = command === command.toLowerCase() ? y : 0;
    const reflectedX = 2 * x - controlX;
    const reflectedY = 2 * y - controlY;
    switch (command.toUpperCase()) {
      case "M": {
        const nx = ox + next();
        const ny = oy + next();
        x = startX = nx;
        y = startY = ny;
        [controlX, controlY] = [nx, ny];
        include(nx, ny);
        vertices += 1;
        // Further pairs after a moveto are linetos.
        command = command === "m" ? "l" : "L";
        break;
      }
      case "L":
        to(ox + next(), oy + next());
        break;
      case "H":
        to(ox + next(), y);
        break;
      case "V":
        to(x, oy + next());
        break;
      case "C": {
        const [x1, y1, x2, y2, nx, ny] = [
          ox + next(),
          oy + next(),
          ox + next(),
          oy + next(),
          ox + next(),
          oy + next(),
        ];
        to(nx, ny, x1, y1, x2, y2);
        break;
      }
      case "S": {
        const [x2, y2, nx, ny] = [ox + next(), oy + next(), ox + next(), oy + next()];
        to(nx, ny, reflectedX, reflectedY, x2, y2);
        break;
      }
      case "Q": {
        const [x1, y1, nx, ny] = [ox + next(), oy + next(), ox + next(), oy + next()];
        to(nx, ny, x1, y1);
        break;
      }
      case "T":
        to(ox + next(), oy + next(), reflectedX, reflectedY);
        break;
      case "A": {
        const rx = Math.abs(next());
        const ry = Math.abs(next());
        next();
        read(flagAt);
        read(flagAt);
        const [nx, ny] = [ox + next(), oy + next()];
        // Radii too small for the chord are scaled up until the arc fits; no arc is longer than its ellipse,
        // nor further from either end than its diameter.
        const radius = Math.max(rx, ry, Math.hypot(nx - x, ny - y) / 2);
        include(x, y, 2 * radius);
        to(nx, ny);
        length += 2 * Math.PI * radius;
        [controlX, controlY] = [nx, ny];
        break;
      }
    }
  }
  return { length, vertices, box };
}

interface Canvas {
  width: number;
  height: number;
  diagonal: number;
  longer: number;
}

function readCanvas(root: SvgNode): Canvas {
  const box = parseNumbers(root.attrs.get("viewBox"));
  let width = box.length === 4 ? (box[2] as number) : Number.NaN;
  let height = box.length === 4 ? (box[3] as number) : Number.NaN;
  if (!(width > 0 && height > 0)) {
    width = parseLength(root.attrs.get("width"), Number.NaN) ?? Number.NaN;
    height = parseLength(root.attrs.get("height"), Number.NaN) ?? Number.NaN;
  }
  // No usable size: librsvg falls back to 100 x 100; the smaller the canvas, the stricter the share limits.
  if (!(width > 0 && Number.isFinite(width))) width = 100;
  if (!(height > 0 && Number.isFinite(height))) height = 100;
  return { width, height, diagonal: Math.hypot(width, height) / Math.SQRT2, longer: Math.max(width, height) };
}

/** A shape's outline length (for dashes), vertex count (for markers) and box (for filter regions). */
function measureShape(node: SvgNode, canvas: Canvas): { length: number; vertices: number; box: Box | null } {
  const at = (name: string, base: number) => parseLength(node.attrs.get(name), base) ?? 0;
  const len = (name: string, base: number) => Math.abs(at(name, base));
  const around = (cx: number, cy: number, rx: number, ry: number): Box => ({
    x0: cx - rx,
    y0: cy - ry,
    x1: cx + rx,
    y1: cy + ry,
  });
  switch (node.name) {
    case "path":
      return measurePath(node.attrs.get("d") ?? "");
    case "polyline":
    case "polygon": {
      const points = parseNumbers(node.attrs.get("points"));
      let length = 0;
      let box: Box | null = null;
      for (let p = 0; p + 1 < points.length; p += 2) {
        const [px, py] = [points[p] as number, points[p + 1] as number];
        box = unionBox(box, around(px, py, 0, 0));
        if (p >= 2) length += Math.hypot(px - (points[p - 2] as number), py - (points[p - 1] as number));
      }
      if (node.name === "polygon" && points.length >= 4)
        length += Math.hypot(
          (points[0] as number) - (points.at(-2) as number),
          (points[1] as number) - (points.at(-1) as number),
        );
      return { length, vertices: Math.floor(points.length / 2), box };
    }
    case "line": {
      const [x1, y1, x2, y2] = [
        at("x1", canvas.width),
        at("y1", canvas.height),
        at("x2", canvas.width),
        at("y2", canvas.height),
      ];
      return {
        length: Math.hypot(x2 - x1, y2 - y1),
        vertices: 2,
        box: unionBox(around(x1, y1, 0, 0), around(x2, y2, 0, 0)),
      };
    }
    case "rect": {
      const [x, y, w, h] = [
        at("x", canvas.width),
        at("y", canvas.height),
        len("width", canvas.width),
        len("height", canvas.height),
      ];
      return { length: 2 * (w + h), vertices: 5, box: { x0: x, y0: y, x1: x + w, y1: y + h } };
    }
    case "circle": {
      const r = len("r", canvas.diagonal);
      return {
        length: 2 * Math.PI * r,
        vertices: 5,
        box: around(at("cx", canvas.width), at("cy", canvas.height), r, r),
      };
    }
    case "ellipse": {
      const [rx, ry] = [len("rx", canvas.width), len("ry", canvas.height)];
      return {
        length: 2 * Math.PI * Math.max(rx, ry),
        vertices: 5,
        box: around(at("cx", canvas.width), at("cy", canvas.height), rx, ry),
      };
    }
    // Not <use>: its width and height bound only a symbol, and what it draws is not worked out here.
    case "image":
    case "foreignObject": {
      if (!node.attrs.has("width") || !node.attrs.has("height")) return { length: 0, vertices: 0, box: null };
      const [x, y, w, h] = [
        at("x", canvas.width),
        at("y", canvas.height),
        len("width", canvas.width),
        len("height", canvas.height),
      ];
      return { length: 0, vertices: 0, box: { x0: x, y0: y, x1: x + w, y1: y + h } };
    }
    default:
      return { length: 0, vertices: 0, box: null };
  }
}

/** A dash pattern's period, or null for solid strokes. Odd lists repeat twice, which keeps the ratio. */
function dashPeriod(value: string | undefined, canvas: Canvas): number | null {
  if (!value || value.trim() === "none") return null;
  let period = 0;
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const length = parseLength(part, canvas.diagonal);
    if (length === null || length < 0) return null;
    period += length;
  }
  return period > 0 ? period : null;
}

/** Every reference must stay inside the file; data: URIs only for raster images, size-checked once decoded. */
function collectEmbeddedImages(nodes: SvgNode[], limits: SvgWorkLimits): string[] {
  const embedded: string[] = [];
  for (const node of nodes) {
    for (const href of node.hrefs) {
      if (href.startsWith("#")) continue;
      if ((node.name === "image" || node.name === "feImage") && EMBEDDED_IMAGE.test(href)) {
        embedded.push(href);
        continue;
      }
      // The rasteriser never follows a link; anything else (an image, an include, a use) would be loaded.
      if (node.name === "a") continue;
      refuse(`an external reference ${href.slice(0, 40)}`);
    }
    // url() anywhere else (style sheets included) must name a local element.
    for (const [name, value] of node.attrs) if (name !== "href" && /url\s*\(/i.test(value)) urlTargets(value);
    if (node.name === "style") urlTargets(node.text);
  }
  if (embedded.length > limits.maxEmbeddedImages)
    refuse(`more than ${limits.maxEmbeddedImages} embedded images`);
  return embedded;
}

/**
 * The estimate: what drawing the document costs, each element priced as drawn (so a <use> of a filtered
 * group pays for the filter again). Sheets in <style> are applied to every element, since which element a
 * selector picks is not worked out here: a sheet that filters or patterns anything is priced as if it
 * filtered everything.
 */
function estimateCost(nodes: SvgNode[], limits: SvgWorkLimits, canvas: Canvas): number {
  const byId = new Map<string, SvgNode>();
  for (const node of nodes) {
    const id = node.attrs.get("id");
    if (id !== undefined && !byId.has(id)) byId.set(id, node);
  }
  const target = (href: string | undefined): SvgNode | null =>
    href?.startsWith("#") ? (byId.get(href.slice(1)) ?? null) : null;

  // Properties per element: presentation attributes, then the style attribute (which wins, as in CSS).
  const sheet = new Map<string, string[]>();
  let textCharacters = 0;
  const properties = nodes.map((node) => {
    const own = new Map<string, string[]>();
    for (const [name, value] of node.attrs)
      if (URL_PROPERTIES.has(name) || name === "stroke-dasharray") own.set(name, [value]);
    const style = node.attrs.get("style");
    if (style !== undefined) for (const [name, values] of readDeclarations(style)) own.set(name, values);
    if (node.name === "style")
      for (const [name, values] of readDeclarations(node.text))
        sheet.set(name, [...(sheet.get(name) ?? []), ...values]);
    if (DRAWN_TEXT.has(node.name)) textCharacters += node.text.length;
    return own;
  });
  if (textCharacters > limits.maxTextCharacters)
    refuse(`more than ${limits.maxTextCharacters} characters of text`);

  // Dash periods are inherited down the tree; a <use> passes its own on to what it draws, so the smallest
  // one set on any <use> (or in a sheet) applies to every shape as well.
  const periods: (number | null)[] = [];
  for (const node of nodes) {
    const declared = properties[node.index]?.get("stroke-dasharray")?.at(-1);
    periods.push(declared !== undefined ? dashPeriod(declared, canvas) : (periods[node.parent] ?? null));
  }
  let passedDown = Number.POSITIVE_INFINITY;
  for (const value of sheet.get("stroke-dasharray") ?? [])
    passedDown = Math.min(passedDown, dashPeriod(value, canvas) ?? Number.POSITIVE_INFINITY);
  for (const node of nodes)
    if (node.name === "use")
      passedDown = Math.min(passedDown, periods[node.index] ?? Number.POSITIVE_INFINITY);

  const visiting = new Set<string>();
  const guard = (key: string, work: () => number): number => {
    if (visiting.has(key)) refuse("a reference loop");
    visiting.add(key);
    try {
      return work();
    } finally {
      visiting.delete(key);
    }
  };
  const memo = new Map<string, number>();
  const remembered = (key: string, work: () => number): number => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = guard(key, work);
    memo.set(key, value);
    return value;
  };

  /** The children of a non-rendering element (a symbol, mask, pattern, marker), drawn where it is used. */
  const contentCost = (node: SvgNode): number =>
    remembered(`content:${node.index}`, () =>
      node.children.reduce((sum, child) => sum + drawCost(nodes[child] as SvgNode, true), 0),
    );

  /** The filter's primitives, in ms over the whole canvas (the caller scales by the region's share). */
  const filterPasses = (filter: SvgNode): number =>
    remembered(`filter:${filter.index}`, () => {
      const primitives = filter.children
        .map((child) => nodes[child] as SvgNode)
        .filter((child) => child.name.startsWith("fe") && !PRIMITIVE_PARTS.has(child.name));
      // A filter with no primitives of its own takes its href's.
      const inherited = target(filter.hrefs[0]);
      if (primitives.length === 0 && inherited?.name === "filter") return filterPasses(inherited);
      let cost = 0;
      for (const primitive of primitives) {
        if (primitive.name === "feTurbulence") {
          const octaves = parseNumbers(primitive.attrs.get("numOctaves"))[0] ?? 1;
          cost += Math.max(1, octaves) * UNIT_COST_MS.turbulenceOctave;
        } else if (primitive.name === "feMorphology") {
          // The radius in output pixels: the window is (2r+1) x (2r+1) cells for every pixel of the region.
          const [rx = 0, ry = rx] = parseNumbers(primitive.attrs.get("radius")).map(
            (r) => (Math.abs(r) / canvas.longer) * 1024,
          );
          cost += Math.max(
            UNIT_COST_MS.filterPass,
            UNIT_COST_MS.morphologyCell * (2 * rx + 1) * (2 * ry + 1),
          );
        } else if (primitive.name === "feConvolveMatrix") {
          const order = Math.max(3, ...parseNumbers(primitive.attrs.get("order")));
          cost += UNIT_COST_MS.filterPass * Math.max(1, order ** 2 / 9);
        } else {
          cost += UNIT_COST_MS.filterPass;
        }
      }
      return cost;
    });
  /** What the filter's feImage primitives draw, each time it runs. */
  const filterImages = (filter: SvgNode): number =>
    remembered(`filter-images:${filter.index}`, () =>
      filter.children.reduce((sum, child) => {
        const primitive = nodes[child] as SvgNode;
        const drawn = primitive.name === "feImage" ? target(primitive.hrefs[0]) : null;
        return sum + (drawn ? drawCost(drawn, true) : 0);
      }, 0),
    );

  /**
   * How much of the canvas an element's transforms scale its area by, or null when that is not known from the
   * document tree (under a nested <svg>'s viewBox, or inside something drawn by reference).
   */
  const areaScales = new Map<number, number | null>();
  const areaScaleOf = (node: SvgNode): number | null => {
    if (areaScales.has(node.index)) return areaScales.get(node.index) ?? null;
    const parent = node.parent >= 0 ? (nodes[node.parent] as SvgNode) : null;
    const inherited = !parent ? 1 : parent.name === "svg" && parent.parent >= 0 ? null : areaScaleOf(parent);
    const scale =
      inherited === null || (parent && NON_RENDERING.has(parent.name))
        ? null
        : inherited * areaScale(node.attrs.get("transform"));
    areaScales.set(node.index, scale);
    return scale;
  };
  /** A box around what an element draws, in its own user space; null when not worked out (text, groups with transforms). */
  const boxes = new Map<number, Box | null>();
  const boxOf = (node: SvgNode): Box | null => {
    if (boxes.has(node.index)) return boxes.get(node.index) ?? null;
    let box: Box | null = null;
    if (node.name === "g" || node.name === "a" || node.name === "switch") {
      for (const child of node.children) {
        const childNode = nodes[child] as SvgNode;
        if (NON_RENDERING.has(childNode.name)) continue;
        const childBox = childNode.attrs.has("transform") ? null : boxOf(childNode);
        box = childBox ? unionBox(box, childBox) : null;
        if (!box) break;
      }
    } else {
      box = measureShape(node, canvas).box;
    }
    boxes.set(node.index, box);
    return box;
  };
  /** The share of the canvas a filter's region covers on this element (1 when not known). */
  const filterShare = (node: SvgNode, filter: SvgNode, byReference: boolean): number => {
    const scale = byReference ? null : areaScaleOf(node);
    // A region inherited through href is not worked out here either.
    if (scale === null || filter.hrefs.length > 0) return 1;
    const userSpace = filter.attrs.get("filterUnits") === "userSpaceOnUse";
    let width: number | null;
    let height: number | null;
    if (userSpace) {
      width = parseLength(filter.attrs.get("width") ?? "120%", canvas.width);
      height = parseLength(filter.attrs.get("height") ?? "120%", canvas.height);
    } else {
      const box = boxOf(node);
      if (!box) return 1;
      width = (box.x1 - box.x0) * (parseLength(filter.attrs.get("width") ?? "120%", 1) ?? Number.NaN);
      height = (box.y1 - box.y0) * (parseLength(filter.attrs.get("height") ?? "120%", 1) ?? Number.NaN);
    }
    if (width === null || height === null) return 1;
    const share = (Math.abs(width) * Math.abs(height) * scale) / (canvas.width * canvas.height);
    // An unreadable size is the whole canvas; a pass has a cost of its own however small its region.
    if (Number.isNaN(share)) return 1;
    return Math.min(1, Math.max(0.01, share));
  };

  // A pattern's attributes, and its content when it has none, are inherited through href.
  const patternSource = (pattern: SvgNode, has: (node: SvgNode) => boolean): SvgNode => {
    const seen = new Set<SvgNode>();
    let current = pattern;
    while (!has(current)) {
      seen.add(current);
      const parent = target(current.hrefs[0]);
      if (parent?.name !== "pattern") return pattern;
      if (seen.has(parent)) refuse("a reference loop");
      current = parent;
    }
    return current;
  };
  const patternAttr = (pattern: SvgNode, name: string) =>
    patternSource(pattern, (node) => node.attrs.has(name)).attrs.get(name);
  const patternCost = (pattern: SvgNode): number =>
    remembered(`pattern:${pattern.index}`, () => {
      const userSpace = patternAttr(pattern, "patternUnits") === "userSpaceOnUse";
      const width = parseLength(patternAttr(pattern, "width"), userSpace ? canvas.width : 1) ?? 0;
      const height = parseLength(patternAttr(pattern, "height"), userSpace ? canvas.height : 1) ?? 0;
      // A zero-sized tile disables the pattern.
      if (!(width > 0 && height > 0)) return 0;
      const tile = width * height * areaScale(patternAttr(pattern, "patternTransform"));
      // Over the canvas for user-space tiles; over the filled box for box-relative ones.
      const tiles = Math.max(1, Math.ceil((userSpace ? canvas.width * canvas.height : 1) / tile));
      const content = contentCost(patternSource(pattern, (node) => node.children.length > 0));
      return UNIT_COST_MS.pattern + tiles * (UNIT_COST_MS.patternTile + content);
    });

  const referenced = (values: string[]): SvgNode[] =>
    values.flatMap(urlTargets).flatMap((id) => {
      const node = byId.get(id);
      return node ? [node] : [];
    });
  /**
   * An element as drawn, its children, what it references and what that draws included. `byReference`: drawn
   * from a <use>, a marker, a pattern tile..., where transforms outside the document tree apply.
   */
  function drawCost(node: SvgNode, byReference: boolean): number {
    return remembered(`draw:${node.index}:${byReference}`, () => {
      const own = properties[node.index] as Map<string, string[]>;
      const property = (...names: string[]) =>
        names.flatMap((name) => [...(own.get(name) ?? []), ...(sheet.get(name) ?? [])]);
      let total = UNIT_COST_MS.element;
      for (const child of node.children) {
        const childNode = nodes[child] as SvgNode;
        if (!NON_RENDERING.has(childNode.name)) total += drawCost(childNode, byReference);
      }
      if (node.name === "use") {
        const used = target(node.hrefs[0]);
        if (used) total += used.name === "symbol" ? contentCost(used) : drawCost(used, true);
      }
      for (const filter of referenced(property("filter")))
        if (filter.name === "filter")
          total +=
            UNIT_COST_MS.filteredElement +
            filterPasses(filter) * filterShare(node, filter, byReference) +
            filterImages(filter);
      for (const mask of referenced(property("mask")))
        if (mask.name === "mask") total += UNIT_COST_MS.mask + contentCost(mask);
      for (const clip of referenced(property("clip-path")))
        if (clip.name === "clipPath") total += contentCost(clip);
      for (const paint of referenced(property("fill", "stroke")))
        if (paint.name === "pattern") total += patternCost(paint);
      const shape = measureShape(node, canvas);
      for (const marker of referenced(property(...MARKER_PROPERTIES)))
        if (marker.name === "marker") total += shape.vertices * contentCost(marker);
      const period = Math.min(periods[node.index] ?? Number.POSITIVE_INFINITY, passedDown);
      if (shape.length > 0 && Number.isFinite(period)) total += (shape.length / period) * UNIT_COST_MS.dash;
      // Past the budget already: stop before a deep expansion takes long to add up.
      if (!(total <= limits.maxEstimatedMs)) refuse(`an estimated ${Math.round(total)} ms of drawing`);
      return total;
    });
  }

  return drawCost(nodes[0] as SvgNode, false);
}

function checkFilterPrimitives(nodes: SvgNode[], limits: SvgWorkLimits, canvas: Canvas): void {
  let count = 0;
  for (const node of nodes) {
    if (!node.name.startsWith("fe") || PRIMITIVE_PARTS.has(node.name)) continue;
    count += 1;
    const share = (values: number[]) => Math.max(0, ...values.map(Math.abs)) / canvas.longer;
    if (
      (node.name === "feGaussianBlur" || node.name === "feDropShadow") &&
      !(share(parseNumbers(node.attrs.get("stdDeviation"))) <= limits.maxBlurShare)
    )
      refuse("a blur wider than the limit");
    if (
      node.name === "feMorphology" &&
      !(share(parseNumbers(node.attrs.get("radius"))) <= limits.maxMorphologyShare)
    )
      refuse("a morphology radius over the limit");
    if (
      node.name === "feConvolveMatrix" &&
      !(Math.max(0, ...parseNumbers(node.attrs.get("order"))) <= limits.maxConvolveOrder)
    )
      refuse("a convolution order over the limit");
    if (
      node.name === "feTurbulence" &&
      !(Math.max(0, ...parseNumbers(node.attrs.get("numOctaves"))) <= limits.maxTurbulenceOctaves)
    )
      refuse("too many turbulence octaves");
  }
  if (count > limits.maxFilterPrimitives) refuse(`more than ${limits.maxFilterPrimitives} filter primitives`);
}

/**
 * Whether an SVG may be drawn: refused when it reaches outside the file or its drawing would cost more
 * than the limits allow. Embedded raster images are returned for the caller to size-check once decoded.
 */
export function checkSvgWork(
  svg: Uint8Array,
  limits: SvgWorkLimits = DEFAULT_SVG_WORK_LIMITS,
): SvgWorkVerdict {
  try {
    // UTF-16 (a BOM) or gzip would be read by librsvg but not by this reader.
    if (svg[0] === 0x1f && svg[1] === 0x8b) refuse("a compressed SVG");
    if ((svg[0] === 0xfe && svg[1] === 0xff) || (svg[0] === 0xff && svg[1] === 0xfe)) refuse("a UTF-16 SVG");
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(svg).replace(/^\uFEFF/, "");
    } catch {
      return refuse("bytes that are not UTF-8");
    }
    if (text.includes("\u0000")) refuse("a NUL character");
    const nodes = parseSvg(text, limits);
    const canvas = readCanvas(nodes[0] as SvgNode);
    const embeddedImages = collectEmbeddedImages(nodes, limits);
    checkFilterPrimitives(nodes, limits, canvas);
    const estimatedMs = estimateCost(nodes, limits, canvas);
    return { ok: true, estimatedMs, embeddedImages };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    // A stack overflow or a regex blow-up on a hostile file is a refusal, not a crash.
    if (error instanceof RangeError) return { ok: false, reason: `unreadable: ${error.message}` };
    throw error;
  }
}
