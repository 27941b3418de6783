import { API } from '../../../protocol/api.ts';
import { AppConfig } from '../../../protocol/contracts/app.ts';
import type { AppContext } from '../../context.ts';
import { endpoints } from '../endpoint.ts';
import { imageBase, originOf, videoBase } from '../../plugins/origin.ts';
import type { ApiInstance } from '../schemas.ts';

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
          { type: 'IMAGE', urls: [imageBase(origin)] },
          { type: 'VIDEO', urls: [videoBase(origin)] },
        ],
        headerMenus,
        advertise,
        serverTime: Date.now(),
      };
      return config;
    },
  );
}
