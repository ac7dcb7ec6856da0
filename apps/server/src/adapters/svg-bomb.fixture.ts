// Test fixture: the outside probe's SVG, rebuilt (shared by the tests of svg-work, sharp-imaging and the routes).

const WIDTH = 1000;

/**
 * The probe's file: `shapes` rects, each drawn through a Gaussian blur whose filter region reaches far beyond
 * the canvas. About 15 KB at 300 shapes; librsvg takes ~30 s of one core for it at 1024 px (~100 ms a shape).
 */
export function blurBomb(shapes = 300, stdDeviation = 1000): string {
  const rects = Array.from(
    { length: shapes },
    (_, i) =>
      `<rect x="${(i * 37) % 900}" y="${(i * 53) % 900}" width="80" height="80" fill="#${((i * 99991) & 0xffffff).toString(16).padStart(6, "0")}" filter="url(#b)"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${WIDTH}"><defs><filter id="b" filterUnits="userSpaceOnUse" x="-2000" y="-2000" width="5000" height="5000"><feGaussianBlur stdDeviation="${stdDeviation}"/></filter></defs>${rects}</svg>`;
}
