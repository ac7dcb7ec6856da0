import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Page, Instagram and ad-account tokens at rest: AES-256-GCM envelopes "v1.iv.tag.ciphertext" (base64url).
 * Only the network adapters open them; the domain stores them as opaque text.
 */
export interface TokenVault {
  seal(token: string): string;
  open(envelope: string): string;
}

export function createTokenVault(key: Buffer): TokenVault {
  if (key.length !== 32)
    throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes (64 hex or 44 base64 characters)");
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(envelope) {
      const [version, iv, tag, data] = envelope.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed token");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

/** The configured key (64 hex or base64 of 32 bytes); else one generated once into DATA_DIR/token-key. */
export async function loadOrCreateTokenKey(dataDir: string, configured?: string): Promise<Buffer> {
  if (configured) {
    return /^[0-9a-f]{64}$/i.test(configured)
      ? Buffer.from(configured, "hex")
      : Buffer.from(configured, "base64");
  }
  const file = join(dataDir, "token-key");
  try {
    const existing = Buffer.from((await readFile(file, "utf8")).trim(), "base64url");
    if (existing.length === 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, `${key.toString("base64url")}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return key;
}
