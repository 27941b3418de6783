import { expose } from 'comlink';
import type { CryptoWorkerApi } from './crypto-api.ts';
import { createCryptoApi } from './lib/create-crypto-api.ts';

const api: CryptoWorkerApi = createCryptoApi({ keys: __MD_KEYS__, origin: self.location.origin });

expose(api);
