import { ADMIN_API } from '../../../protocol/admin-api.ts';
import { BackupDump, BackupDumpBody } from '../../../protocol/contracts/admin.ts';
import { BackupRefused, writeDump } from '../../backup/dump.ts';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../db/repositories/operators.ts';
import { badRequest } from '../../plugins/api-error.ts';
import type { ApiInstance } from '../schemas.ts';
import { adminEndpoints } from './admin-endpoint.ts';

/**
 * Backups (server/backup/): the database half is read where the database is open, so with PGlite
 * (one process only) a running server does it for the tool. The dump carries the keys and every
 * row, so only the local tool may ask for it, into a new folder of this machine, and each one is
 * written to the audit log.
 */
export async function backupRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const admin = adminEndpoints(api, ctx);

  admin(
    ADMIN_API.backupDump,
    {
      summary:
        "Writes every table's rows (one read-only snapshot), the migrations, the sequences and the keys into a new folder on the server's machine, for `md backup`",
      body: BackupDumpBody,
      answer: BackupDump,
      answerName: 'BackupDump',
      changes: true,
      localOnly: true,
    },
    async ({ body, operator }) => {
      const started = performance.now();
      let manifest;
      try {
        manifest = await writeDump(ctx.database, ctx.config, body.dir);
      } catch (error) {
        if (error instanceof BackupRefused) throw badRequest(error.message);
        throw error;
      }
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      await writeAudit(ctx.database.db, operator, { action: 'backup.dump', details: { dir: body.dir, tables: manifest.tables.length, rows } });
      return {
        dir: body.dir,
        database: manifest.database,
        mediaDir: ctx.config.mediaDir,
        migrations: manifest.migrations.length,
        tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
        sequences: manifest.sequences.length,
        ms: Math.round(performance.now() - started),
      };
    },
  );
}
