import { API } from '../../../protocol/api.ts';
import { AppConfig } from '../../../protocol/contracts/app.ts';
import type { AppContext } from '../../context.ts';
import { endpoints } from '../endpoint.ts';
import { mediaBasesOf } from '../../plugins/origin.ts';
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
      const bases = mediaBasesOf(request, ctx.config);
      const { headerMenus, advertise } = await source();
      const config: AppConfig = {
        domain: [
          { type: 'IMAGE', urls: [bases.image] },
          { type: 'VIDEO', urls: [bases.video] },
        ],
        headerMenus,
        advertise,
        serverTime: Date.now(),
      };
      return config;
    },
  );
}
