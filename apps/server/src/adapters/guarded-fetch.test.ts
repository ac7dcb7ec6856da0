import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "@smm/domain/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch } from "./guarded-fetch";
import { BLOCKED_ADDRESS, BLOCKED_CREDENTIALS, BLOCKED_SCHEME } from "./safe-web-fetcher";

/** Two loopback servers: the one tests allow, and another one nobody allows (a redirect's target). */
let allowed: Server;
let other: Server;
let allowedPort = 0;
let otherPort = 0;
const hits: string[] = [];

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  allowed = createServer((req, res) => {
    hits.push(`allowed ${req.url} host=${req.headers.host}`);
    if (req.url === "/to-other") {
      res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/secret` }).end();
      return;
    }
    if (req.url === "/to-self") {
      res.writeHead(302, { location: "/hello" }).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end(`hello ${req.headers.host}`);
  });
  other = createServer((req, res) => {
    hits.push(`other ${req.url}`);
    res.writeHead(200, { "content-type": "text/plain" }).end("internal secret");
  });
  allowedPort = await listen(allowed);
  otherPort = await listen(other);
});

afterAll(async () => {
  await new Promise((resolve) => allowed.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

const onlyAllowedPort = (address: string, port: number) => address === "127.0.0.1" && port === allowedPort;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("createGuardedFetch", () => {
  it("refuses loopback when nothing is allowed, before any request reaches it", async () => {
    const guarded = createGuardedFetch();
    hits.length = 0;
    const error = await refusal(guarded(`http://127.0.0.1:${allowedPort}/hello`));
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toBe(BLOCKED_ADDRESS);
    expect(hits).toEqual([]);
  });

  it("refuses private, link-local and IPv6 loopback addresses", async () => {
    const guarded = createGuardedFetch({ allowAddress: onlyAllowedPort });
    for (const url of [
      "http://10.0.0.1/",
      "http://10.255.1.2:8080/api",
      "https://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      const error = await refusal(guarded(url));
      expect(error.message, url).toBe(BLOCKED_ADDRESS);
    }
  });

  it("lets exactly the allowed loopback address and port through", async () => {
    const guarded = createGuardedFetch({ allowAddress: onlyAllowedPort });
    const response = await guarded(`http://127.0.0.1:${allowedPort}/hello`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`hello 127.0.0.1:${allowedPort}`);
    // Same address, another port: still refused.
    const error = await refusal(guarded(`http://127.0.0.1:${otherPort}/hello`));
    expect(error.message).toBe(BLOCKED_ADDRESS);
  });

  it("refuses a host name that resolves to a private address", async () => {
    const guarded = createGuardedFetch({
      allowAddress: onlyAllowedPort,
      resolve: async () => [{ address: "10.1.2.3", family: 4 }],
    });
    const error = await refusal(guarded("https://social.example.com/api/v2/instance"));
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toBe(BLOCKED_ADDRESS);
  });

  it("refuses a name with one public and one private answer", async () => {
    const guarded = createGuardedFetch({
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    const error = await refusal(guarded("https://mixed.example.com/"));
    expect(error.message).toBe(BLOCKED_ADDRESS);
  });

  it("refuses localhost through the system resolver", async () => {
    const guarded = createGuardedFetch();
    const error = await refusal(guarded(`http://localhost:${allowedPort}/hello`));
    expect(error.message).toBe(BLOCKED_ADDRESS);
  });

  it("connects to the address it checked, keeping the host name in the Host header", async () => {
    let lookups = 0;
    const guarded = createGuardedFetch({
      allowAddress: onlyAllowedPort,
      resolve: async () => {
        lookups += 1;
        return [{ address: "127.0.0.1", family: 4 }];
      },
    });
    const response = await guarded(`http://fake-instance.test:${allowedPort}/hello`);
    expect(await response.text()).toBe(`hello fake-instance.test:${allowedPort}`);
    expect(lookups).toBe(1);
  });

  it("checks every redirect hop: a hop to an address nobody allowed is refused", async () => {
    const guarded = createGuardedFetch({ allowAddress: onlyAllowedPort });
    hits.length = 0;
    const error = await refusal(guarded(`http://127.0.0.1:${allowedPort}/to-other`));
    expect(error.message).toBe(BLOCKED_ADDRESS);
    expect(hits).toEqual([`allowed /to-other host=127.0.0.1:${allowedPort}`]);

    const followed = await guarded(`http://127.0.0.1:${allowedPort}/to-self`);
    expect(await followed.text()).toBe(`hello 127.0.0.1:${allowedPort}`);
  });

  it("hands a manual redirect back untouched", async () => {
    const guarded = createGuardedFetch({ allowAddress: onlyAllowedPort });
    const response = await guarded(`http://127.0.0.1:${allowedPort}/to-other`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`http://127.0.0.1:${otherPort}/secret`);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    const guarded = createGuardedFetch({ allowAddress: onlyAllowedPort });
    expect((await refusal(guarded("file:///etc/passwd"))).message).toBe(BLOCKED_SCHEME);
    expect((await refusal(guarded(`http://user:pw@127.0.0.1:${allowedPort}/`))).message).toBe(
      BLOCKED_CREDENTIALS,
    );
  });
});
