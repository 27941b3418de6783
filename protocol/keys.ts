/** Names and development defaults of the four deployment keys (PROTOCOL.md, "Deployment keys"). */
export const KEY_NAMES = ['MD_APP_SECRET', 'MD_SIGNING_KEY', 'MD_DATA_KEY', 'MD_IMAGE_KEY'] as const;
export type KeyName = (typeof KEY_NAMES)[number];

export const DEFAULT_KEYS: Record<KeyName, string> = {
  MD_APP_SECRET: 'md-app-secret-dev',
  MD_SIGNING_KEY: 'md-signing-key-dev-0001',
  MD_DATA_KEY: '849e4da9454adddd7b41de857aa7c76daac21d356272928e28d1a9c529ddef9c',
  MD_IMAGE_KEY: 'md-image-mask-dev-key',
};

export interface ProtocolKeys {
  appSecret: string;
  signingKey: string;
  dataKeyHex: string;
  imageKey: string;
}

export function keysFrom(source: Partial<Record<KeyName, string | undefined>>): ProtocolKeys {
  return {
    appSecret: source.MD_APP_SECRET || DEFAULT_KEYS.MD_APP_SECRET,
    signingKey: source.MD_SIGNING_KEY || DEFAULT_KEYS.MD_SIGNING_KEY,
    dataKeyHex: source.MD_DATA_KEY || DEFAULT_KEYS.MD_DATA_KEY,
    imageKey: source.MD_IMAGE_KEY || DEFAULT_KEYS.MD_IMAGE_KEY,
  };
}

/** Names of keys that still hold their development default. */
export function defaultKeysIn(source: Partial<Record<KeyName, string | undefined>>): KeyName[] {
  return KEY_NAMES.filter((name) => !source[name] || source[name] === DEFAULT_KEYS[name]);
}
