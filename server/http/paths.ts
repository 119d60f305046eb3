// The paths the service answers on, in one place: the app mounts them, and the guards, the request
// log and the metrics compare a request's path with them.
export const GRAPHQL_PATH = "/api/graphql";
export const GRAPHIQL_PATH = "/api/graphiql";
export const GRAPHIQL_STATIC_PATH = "/api/ruru-static/";
export const MCP_PATH = "/api/mcp";
export const OAUTH_PATH = "/api/oauth";
export const AUTH_PATH = "/api/auth";
export const ADMIN_PATH = "/api/auth/admin";
export const HEALTH_PATH = "/api/health";
export const LIVE_PATH = "/api/health/live";
