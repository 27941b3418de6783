import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../protocol/api.ts';
import { BACKENDS, call, suiteServer, newGuest } from './helpers.ts';

/** Every POST endpoint with any JSON body: never a 500, always an envelope. */
describe('bad input never yields a 500', () => {
  const server = suiteServer({ backend: BACKENDS[0]! });
  let token: string;
  beforeAll(async () => {
    token = (await newGuest(server.app)).token;
  });

  const posts = Object.values(API).filter((p) => p !== API.config && p !== API.logout && p !== API.loginOfficial && p !== API.accountCreate);

  it('answers arbitrary JSON with an envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), async (path, body, withToken) => {
        const { res, envelope } = await call(server.app, path, { rawBody: JSON.stringify(body), token: withToken ? token : undefined });
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof envelope.code).toBe('number');
        expect(typeof envelope.tip).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('answers arbitrary bytes with an envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.uint8Array({ maxLength: 200 }), async (path, bytes) => {
        const { res, envelope } = await call(server.app, path, { rawBody: Buffer.from(bytes), token });
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof envelope.code).toBe('number');
      }),
      { numRuns: 100 },
    );
  });
});
