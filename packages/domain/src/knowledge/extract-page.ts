import type { ExtractedPage, PageHeading } from "./types";

/**
 * A small, linear-time HTML reader for website analysis: title, meta and Open Graph tags, headings h1-h3 and
 * the main text. It is a single left-to-right scan (no backtracking regular expressions over the document), so
 * a hostile page cannot make it slow; it does not build a DOM and tolerates broken markup.
 */

export const MAX_EXTRACTED_TEXT = 50_000;
const MAX_HEADINGS = 50;
const MAX_HEADING_LENGTH = 300;
const MAX_META_LENGTH = 1000;
/** Below this much text inside <main>, the whole body is read instead. */
const MIN_MAIN_TEXT = 200;

/** Elements whose content is not readable page text. */
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "canvas",
  "nav",
  "footer",
  "aside",
  "form",
  "select",
  "button",
  "dialog",
]);
/** Elements whose content is raw text up to the matching end tag. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template"]);
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
/** Tags that separate words (block boundaries); inline tags join their text. */
const BLOCK = new Set([
  "address",
  "article",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  middot: "·",
  bull: "•",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  deg: "°",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  aacute: "á",
  agrave: "à",
  acirc: "â",
  iacute: "í",
  oacute: "ó",
  ocirc: "ô",
  uacute: "ú",
  ccedil: "ç",
  ntilde: "ñ",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
};

export function decodeEntities(text: string): string {
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (whole, body: string) => {
      if (body.startsWith("#")) {
        const code =
          body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
        if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
          return "\uFFFD";
        return String.fromCodePoint(code);
      }
      return NAMED_ENTITIES[body] ?? whole;
    },
  );
}

export const collapseWhitespace = (text: string): string => text.replace(/\s+/g, " ").trim();

const clean = (text: string, max: number): string => collapseWhitespace(decodeEntities(text)).slice(0, max);

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: Map<string, string>;
  /** Index just past the tag's '>'. */
  end: number;
}

const isNameChar = (c: string) => /[A-Za-z0-9:_-]/.test(c);
const isSpace = (c: string | undefined) => c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f";

/** Reads the tag starting at `start` ('<'); null when it is not a tag (a lone '<' in text). */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === "/";
  if (closing) i++;
  const first = html[i];
  if (first === undefined || !/[A-Za-z]/.test(first)) return null;
  const nameStart = i;
  while (i < html.length && isNameChar(html[i] as string)) i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attributes = new Map<string, string>();
  let selfClosing = false;
  while (i < html.length) {
    while (isSpace(html[i])) i++;
    const c = html[i];
    if (c === undefined) break;
    if (c === ">") {
      i++;
      return { name, closing, selfClosing, attributes, end: i };
    }
    if (c === "/") {
      selfClosing = html[i + 1] === ">";
      i++;
      continue;
    }
    const attrStart = i;
    while (i < html.length && !isSpace(html[i]) && html[i] !== "=" && html[i] !== ">" && html[i] !== "/") i++;
    if (i === attrStart) {
      i++;
      continue;
    }
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (isSpace(html[i])) i++;
    let value = "";
    if (html[i] === "=") {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== ">") i++;
        value = html.slice(valueStart, i);
      }
    }
    if (!attributes.has(attrName)) attributes.set(attrName, decodeEntities(value));
  }
  return { name, closing, selfClosing, attributes, end: html.length };
}

/** Index of the end tag `</name` from `from` on (case-insensitive), or the document's end. */
function findEndTag(html: string, name: string, from: number): { start: number; end: number } {
  const pattern = new RegExp(`</${name}[\\s/>]`, "gi");
  pattern.lastIndex = from;
  const match = pattern.exec(html);
  if (!match) return { start: html.length, end: html.length };
  const close = html.indexOf(">", match.index);
  return { start: match.index, end: close === -1 ? html.length : close + 1 };
}

/** Appends text to a bounded buffer (the body text never grows past what is kept). */
class TextBuffer {
  private parts: string[] = [];
  private length = 0;
  constructor(private readonly max: number) {}
  push(text: string) {
    if (this.length >= this.max) return;
    this.parts.push(text);
    this.length += text.length;
  }
  toString() {
    return collapseWhitespace(decodeEntities(this.parts.join(""))).slice(0, MAX_EXTRACTED_TEXT);
  }
}

export function extractPage(html: string, url: string): ExtractedPage {
  let title = "";
  let lang = "";
  const meta = new Map<string, string>();
  const openGraph: Record<string, string> = {};
  const headings: PageHeading[] = [];
  // Raw (entity-encoded) text is kept a bit longer than the cap: decoding and collapsing shrink it.
  const body = new TextBuffer(MAX_EXTRACTED_TEXT * 4);
  const main = new TextBuffer(MAX_EXTRACTED_TEXT * 4);
  let skipDepth = 0;
  const skipStack: string[] = [];
  let mainDepth = 0;
  let heading: { level: 1 | 2 | 3; parts: string[] } | null = null;

  const pushText = (text: string) => {
    if (skipDepth > 0 || text === "") return;
    body.push(text);
    if (mainDepth > 0) main.push(text);
    if (heading) heading.parts.push(text);
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      pushText(html.slice(i));
      break;
    }
    if (lt > i) pushText(html.slice(i, lt));
    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const close = html.indexOf(">", lt);
      i = close === -1 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      pushText("<");
      i = lt + 1;
      continue;
    }
    i = tag.end;
    const { name } = tag;

    if (!tag.closing) {
      if (name === "html") lang = (tag.attributes.get("lang") ?? "").trim().slice(0, 35);
      if (name === "meta") {
        const key = (tag.attributes.get("property") ?? tag.attributes.get("name") ?? "").trim().toLowerCase();
        const content = tag.attributes.get("content");
        if (key && content !== undefined && !meta.has(key)) meta.set(key, clean(content, MAX_META_LENGTH));
      }
      if (RAW_TEXT.has(name) && !tag.selfClosing) {
        const end = findEndTag(html, name, i);
        if (name === "title" && title === "") title = clean(html.slice(i, end.start), MAX_HEADING_LENGTH);
        else if (name === "textarea") pushText(` ${html.slice(i, end.start)} `);
        i = end.end;
        continue;
      }
      if (BLOCK.has(name)) pushText(" ");
      if (VOID.has(name) || tag.selfClosing) continue;
      if (SKIPPED.has(name)) {
        skipDepth++;
        skipStack.push(name);
        continue;
      }
      if (name === "main") mainDepth++;
      if ((name === "h1" || name === "h2" || name === "h3") && skipDepth === 0 && !heading) {
        heading = { level: Number(name[1]) as 1 | 2 | 3, parts: [] };
      }
      continue;
    }

    // End tags.
    if (SKIPPED.has(name) && skipDepth > 0) {
      const at = skipStack.lastIndexOf(name);
      if (at !== -1) {
        skipDepth -= skipStack.length - at;
        skipStack.length = at;
      }
      continue;
    }
    if (name === "main" && mainDepth > 0) mainDepth--;
    if (heading && name === `h${heading.level}`) {
      const text = clean(heading.parts.join(""), MAX_HEADING_LENGTH);
      if (text && headings.length < MAX_HEADINGS) headings.push({ level: heading.level, text });
      heading = null;
    }
    if (BLOCK.has(name)) pushText(" ");
  }

  for (const [key, value] of meta) {
    if (key.startsWith("og:") && value) openGraph[key.slice(3)] = value;
  }
  const mainText = main.toString();
  const keywords = (meta.get("keywords") ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "")
    .slice(0, 30);
  return {
    url,
    title,
    description: meta.get("description") ?? "",
    keywords,
    openGraph,
    applicationName: meta.get("application-name") ?? "",
    lang,
    headings,
    text: mainText.length >= MIN_MAIN_TEXT ? mainText : body.toString(),
  };
}
