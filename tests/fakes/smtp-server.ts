import { createServer, type Server, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  auth?: string;
}

/**
 * A minimal SMTP server (RFC 5321 subset: EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) on
 * loopback, so the SMTP adapter is tested over a real socket with the real client library.
 */
export async function startFakeSmtpServer(): Promise<{
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    let auth: string | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ ...current, ...(auth ? { auth } : {}) });
          current = { from: "", to: [], data: "" };
          reply("250 OK: queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(" ")[0]?.toUpperCase();
        if (verb === "EHLO") {
          socket.write("250-fake-smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n");
        } else if (verb === "HELO") reply("250 fake-smtp");
        else if (verb === "AUTH") {
          auth = Buffer.from(line.split(" ")[2] ?? "", "base64").toString("utf8");
          reply("235 Authentication successful");
        } else if (verb === "MAIL") {
          current.from = line.match(/<([^>]*)>/)?.[1] ?? "";
          reply("250 OK");
        } else if (verb === "RCPT") {
          current.to.push(line.match(/<([^>]*)>/)?.[1] ?? "");
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
          return;
        } else reply("502 Command not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
