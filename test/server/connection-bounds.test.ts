// Connections bounded before a request is read, from outside: raw sockets from many loopback
// addresses (127.0.0.x) and from ::1, against a server listening on both. Headers and bodies that
// never finish lose their connection, a body that keeps coming is read, one address cannot hold
// more than its share, and a full server makes room for a newcomer. Short bounds here; the
// defaults are in server/http/connection-bounds.ts.
import net from "node:net";
import { useTestServer, signUp, gql } from "../support/harness.ts";

const HEADERS_MS = 800;
// Not much shorter: the shared machine's event loop may stall for a few hundred ms.
const BODY_IDLE_MS = 1500;
const REQUEST_MS = 6000;
const PER_ADDRESS = 5;
const TOTAL = 150;
const s = useTestServer({
  host: "::",
  connectionBounds: {
    headersTimeoutMs: HEADERS_MS,
    requestTimeoutMs: REQUEST_MS,
    bodyIdleTimeoutMs: BODY_IDLE_MS,
    perAddress: PER_ADDRESS,
    total: TOTAL,
  },
});
// The schema is built by the first GraphQL request, in long synchronous steps: done before the
// tests time anything, so a connection's bytes are read as they come.
beforeAll(async () => {
  await gql(s.url, "{ __typename }");
});

const port = () => Number(new URL(s.url).port);
const counts = () => s.app.services.connections;

type Raw = { socket: net.Socket; received: () => string; closed: Promise<void> };

/** A raw connection from `from` (a loopback address), connected once this resolves. */
async function connect(from = "127.0.0.1", to = port()): Promise<Raw> {
  const v6 = net.isIPv6(from);
  const socket = net.connect({ host: v6 ? "::1" : "127.0.0.1", port: to, localAddress: from });
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (text += chunk));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, received: () => text, closed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, ms = 5000, what: string | (() => string) = "the condition") {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await sleep(20);
  }
}

/** Whether `raw` is closed within `ms`. */
const closedWithin = (raw: Raw, ms: number) => Promise.race([raw.closed.then(() => true), sleep(ms).then(() => false)]);

const LIVE = "GET /api/health/live HTTP/1.1\r\nHost: x\r\n";

describe("headers and bodies that never finish", () => {
  it("a connection whose headers do not end within headersTimeout gets 408 and is closed", async () => {
    const raw = await connect("127.0.0.11");
    raw.socket.write(LIVE);
    expect(await closedWithin(raw, HEADERS_MS + 3000)).toBe(true);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("headers sent slowly but within headersTimeout are answered", async () => {
    const raw = await connect("127.0.0.12");
    for (const piece of ["GET /api/health/live HTTP/1.1\r\n", "Host: x\r\n", "Accept: */*\r\n"]) {
      raw.socket.write(piece);
      await sleep(HEADERS_MS / 5);
    }
    raw.socket.write("Connection: close\r\n\r\n");
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it("a body that pauses longer than bodyIdleTimeout loses its connection, unanswered", async () => {
    const raw = await connect("127.0.0.13");
    const body = JSON.stringify({ email: "a@b.test", password: "x".repeat(40) });
    raw.socket.write(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    expect(await closedWithin(raw, BODY_IDLE_MS + 2000)).toBe(true);
    expect(raw.received()).toBe("");
  });

  it("a body whose pauses are each shorter than bodyIdleTimeout is read and answered", async () => {
    const raw = await connect("127.0.0.14");
    const body = JSON.stringify({ query: "{ __typename }" });
    raw.socket.write(
      `POST /api/graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Five pauses of 30% of the idle bound: longer than it in all, never once, with room for a
    // timer that fires late on a loaded machine.
    const step = Math.ceil(body.length / 5);
    for (let i = 0; i < body.length; i += step) {
      await sleep(BODY_IDLE_MS * 0.3);
      raw.socket.write(body.slice(i, i + step));
    }
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(raw.received()).toContain('"__typename":"Query"');
  });

  it("a body trickled without pausing long is still cut at requestTimeout (408)", async () => {
    const raw = await connect("127.0.0.15");
    raw.socket.write(
      "POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
    );
    const trickle = setInterval(() => raw.socket.write(" "), BODY_IDLE_MS / 3);
    try {
      expect(await closedWithin(raw, REQUEST_MS + 3000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("connections per client address and in all", () => {
  it(`one address holds at most ${PER_ADDRESS} connections; the next is refused with 429, another address is served`, async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => connect("127.0.0.21")));
    await until(() => counts().ofAddress("127.0.0.21") === PER_ADDRESS, 5000, "the last good connection");
    const refused = await connect("127.0.0.21");
    await refused.closed;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 429/);
    expect(refused.received()).toContain("Too many connections are open from your address");
    const other = await fetch(`${s.url}/api/health/live`);
    expect(other.status).toBe(200);
    // A connection given back makes room for exactly one more.
    held[0].socket.destroy();
    await until(() => counts().ofAddress("127.0.0.21") === PER_ADDRESS - 1);
    const again = await connect("127.0.0.21");
    again.socket.write(`${LIVE}Connection: close\r\n\r\n`);
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const raw of held) raw.socket.destroy();
  });

  it("an IPv6 client is counted by its /64: ::1 holds at most its share too", async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => connect("::1")));
    await until(() => counts().ofAddress("::1") === PER_ADDRESS, 5000, "::1's connections");
    const refused = await connect("::1");
    await refused.closed;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 429/);
    for (const raw of held) raw.socket.destroy();
  });

  it("a full server gives a newcomer the place of the address holding the most connections", async () => {
    await until(() => counts().open() === 0, 5000, "an idle server");
    // 30 addresses at their cap: the total (150) reached.
    const addresses = Array.from({ length: TOTAL / PER_ADDRESS }, (_, i) => `127.0.1.${i + 1}`);
    const flood = (
      await Promise.all(addresses.map((a) => Promise.all(Array.from({ length: PER_ADDRESS }, () => connect(a)))))
    ).flat();
    await until(() => counts().open() === TOTAL, 20_000, "the full server");
    const newcomer = await connect("127.0.0.31");
    newcomer.socket.write(`${LIVE}Connection: close\r\n\r\n`);
    await newcomer.closed;
    expect(newcomer.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(flood.filter((raw) => raw.socket.destroyed).length).toBeGreaterThanOrEqual(1);
    for (const raw of flood) raw.socket.destroy();
  });
});

describe("a slow-loris flood", () => {
  it("from 40 addresses, each reopening what is closed, leaves another client's requests answered", async () => {
    const { token } = await signUp(s.url, "Victim");
    let stop = false;
    let opened = 0;
    const loris = async (address: string) => {
      while (!stop) {
        const raw = await connect(address).catch(() => undefined);
        if (!raw) continue;
        opened += 1;
        raw.socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
        const drip = setInterval(() => raw.socket.write("X-A: b\r\n"), 100);
        await Promise.race([raw.closed, until(() => stop, 60_000).catch(() => {})]);
        clearInterval(drip);
        raw.socket.destroy();
        await sleep(10);
      }
    };
    const addresses = Array.from({ length: 40 }, (_, i) => `127.0.2.${i + 1}`);
    const floods = addresses.flatMap((a) => Array.from({ length: PER_ADDRESS + 2 }, () => loris(a)));
    await until(() => counts().open() >= TOTAL - 5, 10_000, "the flood to fill the server");
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { status, body } = await gql(s.url, "{ viewer { name } }", {}, { token });
      answers.push(status === 200 ? "200" : `${status} ${JSON.stringify(body)}`);
    }
    stop = true;
    await Promise.all(floods);
    expect(answers).toEqual(Array(20).fill("200"));
    expect(opened).toBeGreaterThan(TOTAL);
  }, 60_000);
});
