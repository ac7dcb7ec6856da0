import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BLOCKED_ADDRESS,
  BLOCKED_CREDENTIALS,
  BLOCKED_SCHEME,
  BODY_TOO_LARGE,
  createSafeWebFetcher,
  isBlockedAddress,
  NOT_A_WEB_PAGE,
  TOO_MANY_REDIRECTS,
} from "./safe-web-fetcher";

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "0.0.0.0",
    "192.0.0.192",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "64:ff9b::127.0.0.1",
    "2002:7f00:1::1",
    "2001:db8::1",
    "not-an-ip",
  ])("blocks %s", (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "allows %s",
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );
});

/** A local fixture site: pages, redirects (to itself, to private addresses, in a loop), slow, huge, non-HTML. */
let server: Server;
let port = 0;
const base = () => `http://127.0.0.1:${port}`;
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    const hop = path.match(/^\/hop\/(\d+)$/);
    if (path === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<html><head><title>Fixture café</title></head><body><h1>Hello</h1></body></html>");
    } else if (path === "/redirect-local") {
      res.writeHead(302, { location: "/" }).end();
    } else if (path === "/redirect-private") {
      res.writeHead(302, { location: "http://10.0.0.1/" }).end();
    } else if (path === "/redirect-metadata") {
      res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    } else if (path === "/redirect-other-port") {
      res.writeHead(307, { location: `http://127.0.0.1:${port + 1}/` }).end();
    } else if (path === "/redirect-file") {
      res.writeHead(302, { location: "file:///etc/passwd" }).end();
    } else if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n === 0 ? "/" : `/hop/${n - 1}` }).end();
    } else if (path === "/slow") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html>");
      // Never ends; the client's timeout must.
    } else if (path === "/huge") {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = "<p>".padEnd(64 * 1024, "x");
      let sent = 0;
      const write = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", write);
        }
        res.end();
      };
      write();
    } else if (path === "/json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowFixture = (address: string, p: number) => address === "127.0.0.1" && p === port;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the fetch should have been refused").not.toBeNull();
  return error as { code: string; message: string };
}

describe("the SSRF guard without the test allowance (production settings)", () => {
  const web = createSafeWebFetcher();

  it.each([
    "http://127.0.0.1/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[fd00:ec2::254]/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0/",
  ])("refuses %s", async (url) => {
    expect(await refusal(web.fetchPage(url))).toMatchObject({
      code: "invalid_input",
      message: BLOCKED_ADDRESS,
    });
  });

  it("refuses the local fixture site itself", async () => {
    expect(await refusal(web.fetchPage(`${base()}/`))).toMatchObject({ message: BLOCKED_ADDRESS });
  });

  it("refuses a host name that resolves to loopback ('localhost' and an injected resolver)", async () => {
    expect(await refusal(web.fetchPage(`http://localhost:${port}/`))).toMatchObject({
      message: BLOCKED_ADDRESS,
    });
    const rebinding = createSafeWebFetcher({
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    expect(await refusal(rebinding.fetchPage("http://evil.example/"))).toMatchObject({
      message: BLOCKED_ADDRESS,
    });
    const mapped = createSafeWebFetcher({
      resolve: async () => [{ address: "::ffff:169.254.169.254", family: 6 }],
    });
    expect(await refusal(mapped.fetchPage("https://metadata.example/"))).toMatchObject({
      message: BLOCKED_ADDRESS,
    });
  });

  it.each([
    ["ftp://example.com/", BLOCKED_SCHEME],
    ["file:///etc/passwd", BLOCKED_SCHEME],
    ["javascript:alert(1)", BLOCKED_SCHEME],
    ["gopher://example.com/", BLOCKED_SCHEME],
    ["http://user:pass@example.com/", BLOCKED_CREDENTIALS],
  ])("refuses %s", async (url, message) => {
    expect(await refusal(web.fetchPage(url))).toMatchObject({ code: "invalid_input", message });
  });
});

describe("the SSRF guard with the test allowance for the fixture's exact address", () => {
  const web = createSafeWebFetcher({ allowAddress: allowFixture });

  it("fetches the fixture page and follows a redirect to it", async () => {
    const page = await web.fetchPage(`${base()}/`);
    expect(page).toMatchObject({ url: `${base()}/`, status: 200, contentType: "text/html" });
    expect(page.body).toContain("Fixture café");
    expect((await web.fetchPage(`${base()}/redirect-local`)).url).toBe(`${base()}/`);
    expect((await web.fetchPage(`${base()}/hop/4`)).url).toBe(`${base()}/`);
  });

  it("refuses redirects to private, metadata and other local addresses, and to other schemes", async () => {
    for (const path of ["/redirect-private", "/redirect-metadata", "/redirect-other-port"])
      expect(await refusal(web.fetchPage(`${base()}${path}`)), path).toMatchObject({
        code: "invalid_input",
        message: BLOCKED_ADDRESS,
      });
    expect(await refusal(web.fetchPage(`${base()}/redirect-file`))).toMatchObject({
      message: BLOCKED_SCHEME,
    });
  });

  it("refuses a sixth redirect", async () => {
    expect(await refusal(web.fetchPage(`${base()}/hop/5`))).toMatchObject({
      code: "invalid_input",
      message: TOO_MANY_REDIRECTS,
    });
  });

  it("refuses a body over the size cap, a non-HTML type and a 404", async () => {
    expect(await refusal(web.fetchPage(`${base()}/huge`))).toMatchObject({
      code: "invalid_input",
      message: BODY_TOO_LARGE,
    });
    expect(await refusal(web.fetchPage(`${base()}/json`))).toMatchObject({ message: NOT_A_WEB_PAGE });
    expect(await refusal(web.fetchPage(`${base()}/missing`))).toMatchObject({
      code: "upstream_failed",
      message: "The website answered HTTP 404.",
    });
  });

  it("gives up on a page that never finishes, with a clear error", async () => {
    const impatient = createSafeWebFetcher({ allowAddress: allowFixture, timeoutMs: 300 });
    expect(await refusal(impatient.fetchPage(`${base()}/slow`))).toMatchObject({
      code: "upstream_failed",
      message: "The website did not answer within 0.3 seconds.",
    });
  });
});
