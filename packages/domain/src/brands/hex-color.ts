// Colour rules without zod: the signed-in shell (brand switcher) needs them before any form loads.

/** 3 or 6 hex digits, with or without the leading '#'. */
export const hexColorPattern = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const isHexColor = (value: string): boolean => hexColorPattern.test(value.trim());

/** Keeps the digits as typed and adds the '#' a CSS colour needs. */
export const normalizeHexColor = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.startsWith("#") ? trimmed : `#${trimmed}`;
};
