// Where the service may send requests of its own (webhook deliveries): public addresses only, unless
// the operator allows private ones (WEBHOOK_ALLOW_PRIVATE: `all`, or a list of CIDR ranges such as
// `192.168.1.0/24,fd00::/8` for a home network). A name is resolved, every address it resolves to
// checked, and the connection made to the checked address itself (`lookup` below), so a name that
// resolves to something else a moment later (DNS rebinding) never reaches it.
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export type OutboundPolicy = {
  /** Every private, loopback and link-local address allowed (`all`). */
  allowAll: boolean;
  /** Ranges allowed although not public. */
  allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][];
};

/** Public addresses only: the default. */
export const PUBLIC_ONLY: OutboundPolicy = { allowAll: false, allowed: [] };

/** WEBHOOK_ALLOW_PRIVATE read: unset or empty, `all`, or CIDR ranges separated by commas; throws naming a bad one. */
export function parseAllowPrivate(value: string | undefined): OutboundPolicy {
  const text = (value ?? "").trim();
  if (!text) return PUBLIC_ONLY;
  if (text === "all") return { allowAll: true, allowed: [] };
  const allowed = text.split(",").map((part) => {
    const range = part.trim();
    try {
      return ipaddr.parseCIDR(range.includes("/") ? range : `${range}/${range.includes(":") ? 128 : 32}`);
    } catch {
      throw new Error(
        `WEBHOOK_ALLOW_PRIVATE: ${JSON.stringify(range)} is not an address range (e.g. 192.168.1.0/24), nor "all"`,
      );
    }
  });
  return { allowAll: false, allowed };
}

/** An outbound request refused because of where it would go; the message names the address and why. */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefused";
  }
}

const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private address",
  linkLocal: "a link-local address",
  uniqueLocal: "a private (unique local) address",
  unspecified: "an unspecified address",
  carrierGradeNat: "a carrier-grade NAT address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};

/** Why an address may not be reached under the policy, or null when it may. */
export function addressProblem(address: string, policy: OutboundPolicy): string | null {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one.
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === "unicast") return null;
  if (policy.allowAll || policy.allowed.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits)))
    return null;
  return `${ip.toString()} is ${RANGE_WORDS[range] ?? `not a public address (${range})`}`;
}

/** Whether an address is not public (what WEBHOOK_ALLOW_PRIVATE must allow). */
export function isPrivateAddress(address: string): boolean {
  return ipaddr.process(address).range() !== "unicast";
}

export type CheckedAddress = { address: string; family: 4 | 6 };

/** The address to connect to for a host name or literal, every address it resolves to checked; OutboundRefused otherwise. */
export async function resolveChecked(host: string, policy: OutboundPolicy): Promise<CheckedAddress> {
  const literal = host.replace(/^\[|\]$/g, "");
  const found = isIP(literal)
    ? [{ address: literal, family: isIP(literal) }]
    : await dnsLookup(literal, { all: true, verbatim: true }).catch((error: NodeJS.ErrnoException) => {
        throw new OutboundRefused(`${host} does not resolve (${error.code ?? error.message})`);
      });
  if (!found.length) throw new OutboundRefused(`${host} does not resolve`);
  for (const { address } of found) {
    const problem = addressProblem(address, policy);
    if (problem) throw new OutboundRefused(`${host}: ${problem}`);
  }
  return { address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
}

/** A `lookup` for http.request that answers the address already checked, whatever is asked. */
export function pinnedLookup(target: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * A webhook URL as registered: https (plain http only to an address WEBHOOK_ALLOW_PRIVATE allows,
 * a home network's), no user name or password in it, and its host resolving to addresses allowed.
 * Answers the URL normalised; throws OutboundRefused naming what is wrong.
 */
export async function checkWebhookUrl(text: string, policy: OutboundPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused("url: not a URL (e.g. https://example.com/hooks/training-log)");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefused("url: must be an https URL");
  if (url.username || url.password) throw new OutboundRefused("url: must not hold a user name or password");
  const target = await resolveChecked(url.hostname, policy).catch((error: unknown) => {
    throw error instanceof OutboundRefused ? new OutboundRefused(`url: ${error.message}`) : error;
  });
  if (url.protocol === "http:" && !isPrivateAddress(target.address))
    throw new OutboundRefused(
      "url: must be an https URL (plain http only to a private address WEBHOOK_ALLOW_PRIVATE allows)",
    );
  return url;
}
