import { describe, expect, it } from "vitest";
import { drawOfflineSvg } from "./offline-images";
import { blurBomb } from "./svg-bomb.fixture";
import { checkSvgWork } from "./svg-work";

const bytes = (text: string) => new TextEncoder().encode(text);
const svg = (body: string, attributes = 'width="1000" height="1000"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${body}</svg>`;
const verdict = (text: string) => checkSvgWork(bytes(text));
const reasonOf = (text: string) => {
  const result = verdict(text);
  return result.ok ? null : result.reason;
};

describe("checkSvgWork", () => {
  it("refuses the blur bomb, by its blur and by its work", () => {
    // 30 s of one core with the huge blur, still 30 s with a modest one: the count of filtered shapes is the cost.
    expect(reasonOf(blurBomb())).toBe("a blur wider than the limit");
    expect(reasonOf(blurBomb(300, 20))).toMatch(/^an estimated \d+ ms of drawing$/);
  });

  it("accepts ordinary marks: shapes, a drop shadow, an exported file with doctype and styles, text", () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20" fill="#FF0000"/></svg>',
      svg(
        '<defs><filter id="s"><feGaussianBlur in="SourceAlpha" stdDeviation="4"/><feOffset dx="2" dy="2"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs><g filter="url(#s)"><circle cx="500" cy="500" r="300" fill="red"/><text x="10" y="50">Bean &amp; There</text></g>',
      ),
      `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- Generator: an illustration app -->
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" x="0px" y="0px" viewBox="0 0 100 100" xml:space="preserve">
<style type="text/css"><![CDATA[ .st0{fill:#FF0000;} .st1{stroke-dasharray:4 2;stroke:#000} ]]></style>
<path class="st0" d="M10,10h80v80H10z"/><circle class="st1" cx="50" cy="50" r="30"/><path d="M10 10a5 5 0 00 10 10z"/>
</svg>`,
      svg(
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/><a href="https://example.com"><rect width="5" height="5"/></a>',
      ),
      svg(
        '<defs><pattern id="p" width="50" height="50" patternUnits="userSpaceOnUse"><rect width="25" height="25" fill="red"/></pattern></defs><rect width="1000" height="1000" fill="url(#p)"/>',
      ),
    ]) {
      expect(verdict(text), text).toMatchObject({ ok: true });
    }
  });

  it("accepts every style of the offline image model's own drawings", () => {
    for (const imageStyle of ["professional", "cartoon", "realistic", "custom"] as const) {
      const drawing = drawOfflineSvg({
        imageStyle,
        imagePrompt: "coffee beans on a table",
        brand: { primaryColor: "#3B82F6", secondaryColor: "#8B5CF6", accentColor: "#10B981" },
      } as Parameters<typeof drawOfflineSvg>[0]);
      expect(verdict(drawing)).toMatchObject({ ok: true });
    }
  });

  it("reports embedded raster images for the worker to size-check", () => {
    const result = verdict(svg('<image xlink:href="data:image/png;base64,AAAA" width="10" height="10"/>'));
    expect(result).toEqual({
      ok: true,
      estimatedMs: expect.any(Number),
      embeddedImages: ["data:image/png;base64,AAAA"],
    });
  });

  it("refuses anything that reaches outside the file", () => {
    for (const body of [
      '<image href="http://example.com/x.png" width="10" height="10"/>',
      '<image xlink:href="file:///etc/passwd" width="10" height="10"/>',
      // Character references are expanded by libxml2, so they are here too.
      '<image href="&#102;ile:///etc/x.png" width="10" height="10"/>',
      '<use href="other.svg#a"/>',
      '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/>',
      "<style>@import url(http://example.com/a.css);</style>",
      '<rect width="10" height="10" style="fill:url(http://example.com/p)"/>',
      '<rect width="10" height="10" fill="url(https://example.com/p#x)"/>',
      '<image href="data:image/svg+xml;base64,PHN2Zz4=" width="10" height="10"/>',
      '<rect width="10" height="10" style="fill:u\\72l(http://example.com/p)"/>',
    ]) {
      expect(verdict(svg(body)), body).toMatchObject({ ok: false });
    }
    expect(reasonOf(`<?xml-stylesheet href="http://example.com/a.css"?>${svg("")}`)).toBe(
      "an xml-stylesheet instruction",
    );
  });

  it("refuses documents the rasteriser would read differently: entities, other encodings, broken markup", () => {
    expect(
      reasonOf('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
    ).toBe("a DTD internal subset");
    expect(reasonOf(svg("<text>&nbsp;</text>"))).toBe("an undeclared entity &nbsp;");
    expect(reasonOf(svg("<g><rect/>"))).toBe("unbalanced tags");
    expect(reasonOf(`<?xml version="1.0" encoding="ISO-8859-1"?>${svg("")}`)).toBe("the ISO-8859-1 encoding");
    expect(checkSvgWork(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toMatchObject({ ok: false });
    expect(checkSvgWork(new Uint8Array([0x1f, 0x8b, 0x08, 0x00]))).toMatchObject({ ok: false });
    expect(reasonOf("<html><svg/></html>")).toBe("a root element other than <svg>");
  });

  it("bounds size and nesting", () => {
    expect(reasonOf(svg("<g>".repeat(60) + "</g>".repeat(60)))).toBe("elements nested deeper than 50");
    expect(reasonOf(svg("<rect/>".repeat(20_001)))).toBe("more than 20000 elements");
    expect(reasonOf(svg(`<text>${"x".repeat(10_001)}</text>`))).toBe("more than 10000 characters of text");
  });

  it("prices what multiplies drawing: masks, tiny pattern tiles, markers, dashes, nested uses", () => {
    const estimated = /^an estimated \d+ ms of drawing$/;
    const masked = Array.from(
      { length: 1000 },
      (_, i) => `<rect x="${i}" width="80" height="80" mask="url(#m)"/>`,
    );
    expect(
      reasonOf(
        svg(
          `<defs><mask id="m"><rect width="1000" height="1000" fill="white"/></mask></defs>${masked.join("")}`,
        ),
      ),
    ).toMatch(estimated);
    expect(
      reasonOf(
        svg(
          '<defs><pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1" fill="red"/></pattern></defs><rect width="1000" height="1000" fill="url(#p)"/>',
        ),
      ),
    ).toMatch(estimated);
    // The same tiny tile reached through href inheritance and a transform that shrinks it.
    expect(
      reasonOf(
        svg(
          '<defs><pattern id="a" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern><pattern id="p" href="#a" patternTransform="scale(0.1)"/></defs><rect width="1000" height="1000" fill="url(#p)"/>',
        ),
      ),
    ).toMatch(estimated);
    expect(
      reasonOf(
        svg(
          `<defs><marker id="m"><circle r="3" filter="url(#f)"/></marker><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><path d="M0 0${" l1 1".repeat(500)}" marker-mid="url(#m)"/>`,
        ),
      ),
    ).toMatch(estimated);
    expect(
      reasonOf(svg('<circle cx="500" cy="500" r="4000000" stroke="red" fill="none" stroke-dasharray="1"/>')),
    ).toMatch(estimated);
    // A dash pattern set on a <use> reaches the shapes it draws.
    expect(
      reasonOf(
        svg(
          '<defs><circle id="c" r="4000000" stroke="red" fill="none"/></defs><use href="#c" stroke-dasharray="1"/>',
        ),
      ),
    ).toMatch(estimated);
    // Ten uses of ten uses of ... a filtered square: 10^8 blurs from a few hundred bytes.
    const levels = Array.from(
      { length: 8 },
      (_, k) => `<g id="l${k + 1}">${`<use href="#${k === 0 ? "a" : `l${k}`}"/>`.repeat(10)}</g>`,
    ).join("");
    expect(
      reasonOf(
        svg(
          `<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter><g id="a"><rect width="1" height="1" filter="url(#f)"/></g>${levels}</defs><use href="#l8"/>`,
        ),
      ),
    ).toMatch(estimated);
    // A sheet that filters one selector is priced as filtering every element (300 small blurs: about 4 s).
    expect(
      reasonOf(
        svg(
          `<style>rect{filter:url(#f)}</style><defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs>${'<rect width="80" height="80"/>'.repeat(300)}`,
        ),
      ),
    ).toMatch(estimated);
    // A small filter region blown up by a <use>'s transform is priced as covering the canvas.
    expect(
      reasonOf(
        svg(
          `<defs><filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><feGaussianBlur stdDeviation="1"/></filter><rect id="r" width="10" height="10" filter="url(#f)"/></defs>${'<use href="#r" transform="scale(100)"/>'.repeat(30)}`,
        ),
      ),
    ).toMatch(estimated);
  });

  it("prices a filter by the share of the canvas its region covers: a design tool's shadowed layers pass", () => {
    // Figma's drop shadow: eight primitives per layer, over a region just around the layer.
    const layers = Array.from({ length: 40 }, (_, i) => {
      const [x, y] = [(i * 37) % 800, (i * 53) % 800];
      return {
        filter: `<filter id="f${i}" x="${x}" y="${y}" width="120" height="60" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB"><feFlood flood-opacity="0" result="BackgroundImageFix"/><feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/><feOffset dy="4"/><feGaussianBlur stdDeviation="2"/><feComposite in2="hardAlpha" operator="out"/><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0"/><feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow"/><feBlend mode="normal" in="SourceGraphic" in2="effect1_dropShadow" result="shape"/></filter>`,
        layer: `<g filter="url(#f${i})"><rect x="${x + 4}" y="${y}" width="100" height="40" rx="8" fill="#fff"/></g>`,
      };
    });
    const figma = svg(
      `<defs>${layers.map((l) => l.filter).join("")}</defs>${layers.map((l) => l.layer).join("")}`,
      'width="1000" height="1000" viewBox="0 0 1000 1000" fill="none"',
    );
    expect(verdict(figma)).toMatchObject({ ok: true });
    // The same eight primitives over the whole canvas on each layer: 40 x 1.6 s.
    expect(
      reasonOf(
        figma.replaceAll('width="120" height="60" filterUnits', 'width="1000" height="1000" filterUnits'),
      ),
    ).toMatch(/^an estimated \d+ ms of drawing$/);
  });

  it("refuses reference loops and the filter primitives whose cost grows with their size", () => {
    expect(reasonOf(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toBe(
      "a reference loop",
    );
    const filtered = (primitive: string) =>
      svg(`<defs><filter id="f">${primitive}</filter></defs><rect width="10" height="10" filter="url(#f)"/>`);
    expect(reasonOf(filtered('<feMorphology radius="100"/>'))).toBe("a morphology radius over the limit");
    expect(reasonOf(filtered('<feConvolveMatrix order="15" kernelMatrix="1"/>'))).toBe(
      "a convolution order over the limit",
    );
    expect(reasonOf(filtered('<feTurbulence numOctaves="40"/>'))).toBe("too many turbulence octaves");
    expect(reasonOf(filtered('<feDropShadow stdDeviation="500"/>'))).toBe("a blur wider than the limit");
    expect(reasonOf(filtered("<feOffset/>".repeat(1_001)))).toBe("more than 1000 filter primitives");
  });
});
