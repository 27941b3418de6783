import { createContext } from 'react';

/**
 * True while the images inside wait for something more urgent (the video page's first frame): a
 * MaskedImage there that is not its page's `priority` image asks the crypto worker for nothing until
 * it turns false (with a service worker in control nothing waits: it answers from its cache).
 * A first visit has six connections to the server (HTTP/1.1), shared by the worker's image requests
 * and the player's; ten covers of the recommendations took them just as the player asked for its
 * manifest and first segments.
 */
export const ImagesWait = createContext(false);
