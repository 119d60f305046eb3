// Connections bounded before a byte of a request is read: how long a client may take to send its
// headers, its whole request and each piece of its body, how many connections one client address
// and everyone together may hold open, and a share of the process's file descriptors kept for the
// pools, so a flood of connections that never finish cannot take PostgreSQL from the requests that
// do. Node's own defaults let a connection wait 60 s for its headers (checked every 30 s) and a body
// trickle for 5 minutes, with no cap on connections until the descriptor limit makes every accept
// and every new pool connection fail (EMFILE).
import { readFileSync } from "node:fs";
import { isIP, type Socket } from "node:net";
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import { addressGroup } from "./client-address.ts";

export type ConnectionBounds = {
  /** From a connection's first byte (or the end of its previous request) to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body: a 1 MB body at 20 kB/s fits. */
  requestTimeoutMs: number;
  /** The longest pause between two pieces of a body being read. */
  bodyIdleTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (Node's default). */
  keepAliveTimeoutMs: number;
  /** Connections one client address (an IPv6 client by its /64) may hold open at once. */
  perAddress: number;
  /** Connections this process holds open in all; undefined: what the descriptor limit leaves (below). */
  total?: number;
  /** Descriptors kept free of client connections beyond the pools' own connections (files, logs, IPC, DNS). */
  reservedDescriptors: number;
};

/**
 * Long enough for a phone on a bad network (a few seconds of radio latency, tens of kB/s), and no
 * longer: a client that sends nothing for 10 s is not on its way.
 */
export const CONNECTION_BOUNDS: ConnectionBounds = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  bodyIdleTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  perAddress: 64,
  reservedDescriptors: 256,
};

/** The most connections a process may ever hold, whatever its descriptor limit. */
const MOST_CONNECTIONS = 10_000;

/** The process's soft limit on open files (Linux: /proc/self/limits); 1024, the common default, elsewhere. */
export function descriptorLimit(): number {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    if (line) return line[1] === "unlimited" ? Number.MAX_SAFE_INTEGER : Number(line[1]);
  } catch {
    // Not Linux: fall through to the common default.
  }
  return 1024;
}

/**
 * The connections this process may hold: `total` if given, else its descriptor limit less the
 * pools' connections and the reserve, so the pools can always open theirs.
 */
export function connectionCapacity(bounds: ConnectionBounds, poolConnections: number, limit = descriptorLimit()) {
  const left = limit - poolConnections - bounds.reservedDescriptors;
  return Math.max(1, Math.min(bounds.total ?? MOST_CONNECTIONS, left));
}

/** Node's options for createServer: its timeouts checked every second or more often, not every 30 s. */
export function serverOptions(bounds: ConnectionBounds): ServerOptions {
  return {
    headersTimeout: bounds.headersTimeoutMs,
    requestTimeout: Math.max(bounds.requestTimeoutMs, bounds.headersTimeoutMs),
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(bounds.headersTimeoutMs / 4))),
    keepAliveTimeout: bounds.keepAliveTimeoutMs,
  } as ServerOptions;
}

/** A connection's peer: IPv4-mapped IPv6 as IPv4. */
function peerAddress(socket: Socket): string {
  const raw = socket.remoteAddress ?? "";
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)?.[1] ?? raw;
}

const REFUSAL_BODY = JSON.stringify({
  code: "RATE_LIMITED",
  message: "Too many connections are open from your address; close some and try again",
  limit: "connections",
  retryAfter: 10,
});
/** Written to a connection refused before its request is read (any path: the route shape); then it is destroyed. */
const REFUSAL = [
  "HTTP/1.1 429 Too Many Requests",
  "Content-Type: application/json",
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  "Retry-After: 10",
  "Connection: close",
  "",
  REFUSAL_BODY,
].join("\r\n");

/**
 * Counts the open connections of `server` per client address and in all. Past an address's cap a
 * new connection is refused; past the total, the address holding the most connections gives up its
 * oldest one that is not being answered (still sending headers, or idle), so a newcomer from an
 * address with fewer connections than the heaviest always gets in. `isProxy(address)` names trusted proxies (TRUST_PROXY): their
 * connections carry many clients, so they have no per-address cap and are never evicted.
 */
export function capConnections(
  server: Server,
  { perAddress, total }: { perAddress: number; total: number },
  isProxy: (address: string) => boolean = () => false,
) {
  const byGroup = new Map<string, Set<Socket>>();
  const busy = new WeakSet<Socket>();
  let open = 0;
  const refuse = (socket: Socket) => socket.write(REFUSAL, () => socket.destroy());
  const heaviest = () => {
    let most: Set<Socket> | undefined;
    for (const sockets of byGroup.values()) if (sockets.size > (most?.size ?? 0)) most = sockets;
    return most;
  };
  const evictFrom = (sockets: Set<Socket>) => {
    const list = [...sockets];
    const victim = list.find((s) => !busy.has(s)) ?? list[0];
    victim.destroy();
  };
  server.prependListener("connection", (socket: Socket) => {
    const address = peerAddress(socket);
    // A proxy's connections count in the total only.
    const group = isIP(address) && !isProxy(address) ? addressGroup(address) : undefined;
    const mine = (group && byGroup.get(group)) || new Set<Socket>();
    if (group && mine.size >= perAddress) return refuse(socket);
    if (open >= total) {
      const most = heaviest();
      if (!most || most.size <= mine.size) return refuse(socket);
      evictFrom(most);
    }
    open += 1;
    if (group) {
      mine.add(socket);
      byGroup.set(group, mine);
    }
    socket.once("close", () => {
      open -= 1;
      if (!group) return;
      mine.delete(socket);
      if (mine.size === 0 && byGroup.get(group) === mine) byGroup.delete(group);
    });
  });
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    busy.add(req.socket);
    res.once("close", () => busy.delete(req.socket));
  });
  return { open: () => open, ofAddress: (address: string) => byGroup.get(addressGroup(address))?.size ?? 0 };
}

/**
 * A request whose body pauses longer than `idleMs` between two pieces loses its connection: the
 * parser's buffers go with it, and so does whatever a body reader held (express.json and grafserv
 * drop a body whose request was aborted). Node's requestTimeout bounds the whole of it.
 */
export function boundBodyPauses(server: Server, idleMs: number) {
  server.prependListener("request", (req: IncomingMessage) => {
    if (req.complete || !hasBody(req)) return;
    const socket = req.socket;
    const stalled = () => socket.destroy();
    socket.setTimeout(idleMs);
    socket.on("timeout", stalled);
    const done = () => {
      socket.setTimeout(0);
      socket.off("timeout", stalled);
    };
    req.once("end", done);
    req.once("close", done);
  });
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return req.headers["transfer-encoding"] !== undefined;
}

export type ConnectionCounts = ReturnType<typeof boundConnections>;

/** Every bound above on `server` (made with `serverOptions(bounds)`). */
export function boundConnections(
  server: Server,
  bounds: ConnectionBounds,
  { poolConnections, isProxy }: { poolConnections: number; isProxy?: (address: string) => boolean },
) {
  server.keepAliveTimeout = bounds.keepAliveTimeoutMs;
  boundBodyPauses(server, bounds.bodyIdleTimeoutMs);
  const total = connectionCapacity(bounds, poolConnections);
  return { total, ...capConnections(server, { perAddress: bounds.perAddress, total }, isProxy) };
}
