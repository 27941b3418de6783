import type { ProtocolKeys } from '../protocol/keys.ts';

declare global {
  /** Deployment keys, read from the environment at build time (vite.config.ts `define`). */
  const __MD_KEYS__: ProtocolKeys;
}
