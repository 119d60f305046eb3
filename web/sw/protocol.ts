// What the page and the service worker agree on.

/** Message from the page: the user chose to run the waiting version now. */
export const SKIP_WAITING = "SKIP_WAITING";

/** Addresses a browser may open that are not pages of the app: the API (OAuth's pages too) and metadata. */
export const NOT_APP_PAGES = [/^\/api(\/|$)/, /^\/\.well-known(\/|$)/];
