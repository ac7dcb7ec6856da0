import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createLogger } from "../lib/logger";
import { createOutboxMailer, createSmtpMailer } from "./mail";

it("writes each message to the outbox as an .eml file carrying its link", async () => {
  const dir = join(mkdtempSync(join(tmpdir(), "smm-outbox-")), "outbox");
  const mailer = createOutboxMailer({
    dir,
    from: "SMM <no-reply@localhost>",
    logger: createLogger("silent"),
  });
  const link =
    "http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2Flogin%3Fverified%3D1";
  await mailer.send({ to: "ann@example.com", subject: "Confirm", text: `Open ${link}`, link });
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.eml$/);
  const raw = readFileSync(join(dir, files[0]!), "utf8");
  expect(raw).toMatch(/^To: ann@example\.com$/m);
  expect(raw).toMatch(/^Subject: Confirm$/m);
  expect(raw).toContain(`X-Smm-Link: ${link}`);
});

it("delivers through SMTP when SMTP_URL is set", async () => {
  const { startFakeSmtpServer } = await import("../../../../tests/fakes/smtp-server");
  const smtp = await startFakeSmtpServer();
  try {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
      from: "SMM <no-reply@smm.example>",
      logger: createLogger("silent"),
    });
    expect(mailer.kind).toBe("smtp");
    const link = "https://smm.example/api/auth/verify-email?token=xyz";
    await mailer.send({ to: "bob@example.com", subject: "Confirm", text: `Open ${link}`, link });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe("no-reply@smm.example");
    expect(mail.to).toEqual(["bob@example.com"]);
    expect(mail.auth).toBe("\u0000mailer\u0000s3cret");
    expect(mail.data).toMatch(/^Subject: Confirm$/m);
    expect(mail.data).toContain(`X-Smm-Link: ${link}`);
  } finally {
    await smtp.close();
  }
});

it("reports an SMTP failure instead of pretending the mail went out", async () => {
  const mailer = createSmtpMailer({
    url: "smtp://127.0.0.1:9",
    from: "SMM <no-reply@smm.example>",
    logger: createLogger("silent"),
  });
  await expect(mailer.send({ to: "bob@example.com", subject: "x", text: "y" })).rejects.toThrow();
});
