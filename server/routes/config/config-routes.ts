import type { FastifyRequest } from 'fastify';
import { API } from '../../../protocol/api.ts';
import { AppConfig } from '../../../protocol/contracts/app.ts';
import type { AppContext } from '../../context.ts';
import { endpoints } from '../endpoint.ts';
import type { ApiInstance } from '../schemas.ts';

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(',')[0]?.trim() || undefined;
}

/**
 * The origin put in front of the media addresses: PUBLIC_URL; else, behind a proxy the operator
 * trusts (TRUST_PROXY), the forwarded or direct scheme and host of the request; else nothing, so
 * the addresses are same-origin paths. Request headers alone must never choose where clients
 * load media from: any caller can set Host and X-Forwarded-Host.
 */
export function originOf(request: FastifyRequest, publicUrl: string | null, trustProxy: boolean): string {
  if (publicUrl) return publicUrl;
  if (!trustProxy) return '';
  const proto = first(request.headers['x-forwarded-proto']) ?? request.protocol;
  const host = first(request.headers['x-forwarded-host']) ?? request.host;
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return '';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

export async function configRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const source = () =>
    ctx.caches.config.get('config', async () => {
      const [headerMenus, advertise] = await Promise.all([ctx.catalogue.menus(), ctx.catalogue.advertise()]);
      return { headerMenus, advertise };
    });
  endpoints(api, ctx, 'app')(
    API.config,
    { method: 'GET', summary: 'App configuration: media addresses, header menus, ads', answer: AppConfig, answerName: 'AppConfig' },
    async (request) => {
      const origin = originOf(request, ctx.config.publicUrl, ctx.config.trustProxy);
      const { headerMenus, advertise } = await source();
      const config: AppConfig = {
        domain: [
          { type: 'IMAGE', urls: [`${origin}/media/img`] },
          { type: 'VIDEO', urls: [`${origin}/media/video`] },
        ],
        headerMenus,
        advertise,
        serverTime: Date.now(),
      };
      return config;
    },
  );
}
