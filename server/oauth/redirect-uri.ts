// Which redirect URIs a client may register, as an allowlist (OAuth 2.1 section 2.3.1, RFC 8252 7.1
// and 7.3, RFC 9700 4.1): https; plain http only to this device's loopback (a native app's local
// listener, any port); or an app's private-use scheme named after a domain it owns, in reverse order
// (com.example.app:/callback). Any other scheme (javascript:, data:, view-source:, jar:,
// filesystem:, ...) is the browser's or another program's, and could run, show or send the code
// elsewhere.
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * A reverse domain name as a scheme: two labels at least, the first a top-level domain (letters),
 * each label letters, digits and hyphens (RFC 3986 also allows `+`, never in a domain).
 */
const REVERSE_DOMAIN_SCHEME = /^[a-z]{2,63}(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+:$/;

/**
 * Private-use callbacks of known assistants whose scheme is not a reverse domain, each exact:
 * Cursor registers this one (beside its https and loopback ones) and signs in through it.
 */
const KNOWN_APP_REDIRECTS = new Set(["cursor://anysphere.cursor-mcp/oauth/callback"]);

const ALLOWED =
  "https, http to a loopback address (127.0.0.1, [::1] or localhost), or an app's own scheme named after its domain in reverse order (com.example.app:/callback)";

/** Why this redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash) return `${uri} must not have a fragment`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : `${uri}: plain http is allowed only to a loopback address (127.0.0.1, [::1] or localhost); use https`;
  }
  if (REVERSE_DOMAIN_SCHEME.test(url.protocol) || KNOWN_APP_REDIRECTS.has(uri)) return null;
  return `${uri}: the ${url.protocol} scheme is not allowed; a redirect URI is ${ALLOWED}`;
}
