// The service worker's global scope, as far as workbox needs it in Node: `self` is the global
// object, `location` the worker script's address (workbox resolves cached URLs against it), and
// `navigator` (Node 20 has none; workbox's development logger reads its user agent).
const scope = globalThis as unknown as { self?: unknown; location?: { href: string }; navigator?: { userAgent: string } };
scope.self ??= globalThis;
scope.location ??= { href: 'https://md.test/sw.js' };
scope.navigator ??= { userAgent: 'node' };
