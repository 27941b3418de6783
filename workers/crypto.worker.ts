import { expose } from 'comlink';
import { answerBootPoster, bootPosterAsked, type CryptoWorkerApi } from './crypto-api.ts';
import { createCryptoApi } from './lib/create-crypto-api.ts';

const api: CryptoWorkerApi = createCryptoApi({ keys: __MD_KEYS__, origin: self.location.origin });

// The poster index.html asks for before the app runs (scripts/boot-poster.ts); Comlink ignores these.
self.addEventListener('message', (event: MessageEvent) => {
  const asked = bootPosterAsked(event.data);
  if (asked !== null) void answerBootPoster(api, asked, (message) => self.postMessage(message));
});

expose(api);
