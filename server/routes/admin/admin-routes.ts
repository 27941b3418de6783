import type { AppContext } from '../../context.ts';
import type { ApiInstance } from '../schemas.ts';
import { backupRoutes } from './backup-routes.ts';
import { importRoutes } from './import-routes.ts';
import { manageRoutes } from './manage-routes.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { operatorRoutes } from './operator-routes.ts';

/**
 * The operators' API under /api/app/admin/ (protocol/admin-api.ts): every file of this folder
 * declares its calls with admin-endpoint.ts and is registered here. Later parts (Manage, import,
 * backups) add their files and a line each.
 */
export async function adminRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  await operatorRoutes(api, ctx);
  await moderationRoutes(api, ctx);
  await backupRoutes(api, ctx);
  await importRoutes(api, ctx);
  await manageRoutes(api, ctx);
}
