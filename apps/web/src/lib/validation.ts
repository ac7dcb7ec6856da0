/** Deliberately simple: one "@", a dot in the domain, no spaces. The server's check is authoritative. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
