/** Paths the server answers itself; every other navigation is a client route of the SPA. */
export const SERVER_PATHS = [/^\/api\//, /^\/media\//, /^\/upload\//, /^\/healthz(\/|$)/, /^\/openapi\.json$/];
