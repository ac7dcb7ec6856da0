import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer, MailMessage } from "@smm/domain/ports";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Logger } from "../lib/logger";

function toMailOptions(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    // Prepared so the link stays on one line: tools (and our e2e tests) read it straight from the file.
    headers: message.link ? { "X-Smm-Link": { prepared: true, value: message.link } } : undefined,
  };
}

/** Embedded default: every message becomes an .eml file in $DATA_DIR/outbox and a log line with its link. */
export function createOutboxMailer(options: { dir: string; from: string; logger: Logger }): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(options.dir, { recursive: true });
      const raw = await new MailComposer(toMailOptions(options.from, message)).compile().build();
      const file = join(options.dir, `${Date.now()}-${randomUUID()}.eml`);
      await writeFile(file, raw);
      options.logger.info("mail written to outbox", {
        to: message.to,
        subject: message.subject,
        file,
        link: message.link,
      });
    },
  };
}

export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail(toMailOptions(options.from, message));
      options.logger.info("mail sent", { to: message.to, subject: message.subject });
    },
  };
}
