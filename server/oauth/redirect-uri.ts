// Which redirect URIs a client may register (OAuth 2.1 section 2.3.1 and RFC 8252): https, plain http
// only to this device's loopback (a native app's local listener, any port), or an app's private-use
// scheme (com.example.app:/callback). Anything else could send a code to someone else's server in clear.
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
/** Schemes that are not an app's own: they run, embed or send the code elsewhere. */
const FOREIGN_SCHEMES = new Set([
  "javascript:",
  "data:",
  "file:",
  "blob:",
  "vbscript:",
  "about:",
  "ftp:",
  "ws:",
  "wss:",
  "mailto:",
]);

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
  if (FOREIGN_SCHEMES.has(url.protocol)) return `${uri}: the ${url.protocol} scheme is not allowed`;
  return null;
}
