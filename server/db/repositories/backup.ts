/**
 * The SQL of backups and restores (server/backup/): a logical dump that reads every table of the
 * schema `public` as JSON text and loads it back on either database, PGlite or PostgreSQL.
 *
 * Rows travel as `row_to_json` text and come back through `json_populate_recordset` with the target
 * table's own row type, so every value is read and written by PostgreSQL's own input and output
 * functions (timestamps with their offset, bytea as hex, arrays, json, numbers of any size): nothing
 * is parsed by JavaScript on the way, and the two databases agree byte for byte.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../schema.ts';

/** The table the migrations keep their own record in; the archive carries it as its list of migrations. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/** Tables whose rows the migrations themselves insert (0002's hot searches): not a sign of a site. */
const MIGRATION_SEEDED = new Set([MIGRATIONS_TABLE, 'hot_searches']);

export interface TableInfo {
  name: string;
  /** The columns a restore writes (generated columns are left to the database). */
  columns: string[];
}

export interface SequenceState {
  name: string;
  /** A bigint, kept as text. */
  lastValue: string;
  isCalled: boolean;
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

type Db = Kysely<Schema> | Transaction<Schema>;

/**
 * On PostgreSQL the queue is pg-boss (jobs/boss-store.ts), in its own schema, which a backup does
 * not carry: its live jobs (queued, waiting for a retry, running) travel as rows of `jobs` instead,
 * queued, with the attempts they have left and ids below any of the table's (they never meet its
 * sequence). A restore puts them in `jobs`: the embedded database runs them from there, and
 * PostgreSQL's queue moves them into pg-boss when it opens. Finished pg-boss jobs are left out.
 */
const JOBS_WITH_BOSS = sql`(
  SELECT * FROM jobs
  UNION ALL
  SELECT (SELECT least(0, min(id)) FROM jobs) - row_number() OVER (ORDER BY created_on, id), name, data, singleton_key,
    'queued', 0, greatest(1, retry_limit - retry_count), start_after, NULL, NULL, 0, NULL, created_on, now(), NULL
  FROM pgboss.job WHERE state < 'completed'
)`;

/** Whether pg-boss's job table is in this database. */
async function bossJobs(on: Db): Promise<boolean> {
  const { rows } = await sql<{ t: string | null }>`SELECT to_regclass('pgboss.job')::text AS t`.execute(on);
  return rows[0]?.t != null;
}

/** A quoted identifier, for the catalog names this file puts into statements. */
const ident = (name: string) => sql.id(name);

export function backupRepository(db: Kysely<Schema>) {
  /** The base tables of `public` with their writable columns, by name. */
  async function tables(on: Db = db): Promise<TableInfo[]> {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.ordinal_position`.execute(on);
    const byTable = new Map<string, string[]>();
    for (const row of rows) {
      const columns = byTable.get(row.table_name) ?? [];
      columns.push(row.column_name);
      byTable.set(row.table_name, columns);
    }
    return [...byTable].map(([name, columns]) => ({ name, columns })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Every sequence of `public` and where it stands. */
  async function sequences(on: Db = db): Promise<SequenceState[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = 'public' ORDER BY c.relname`.execute(on);
    const states: SequenceState[] = [];
    for (const { name } of rows) {
      const { rows: state } = await sql<{ last_value: string; is_called: boolean }>`
        SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`.execute(on);
      states.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
    }
    return states;
  }

  async function count(on: Db, table: string): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${ident(table)}`.execute(on);
    return Number(rows[0]!.n);
  }

  return {
    tables,
    sequences,

    /** The migrations applied, in order (empty when the database was never migrated). */
    async migrations(on: Db = db): Promise<{ version: number; name: string }[]> {
      const present = (await tables(on)).some((t) => t.name === MIGRATIONS_TABLE);
      if (!present) return [];
      const { rows } = await sql<{ version: number; name: string }>`SELECT version, name FROM ${ident(MIGRATIONS_TABLE)} ORDER BY version`.execute(on);
      return rows.map((r) => ({ version: Number(r.version), name: r.name }));
    },

    /** Rows of each table, by name. */
    async counts(names: string[], on: Db = db): Promise<Record<string, number>> {
      const result: Record<string, number> = {};
      for (const name of names) result[name] = await count(on, name);
      return result;
    },

    /**
     * The tables holding rows that make a site (anything but what the migrations insert themselves),
     * with their counts: a restore goes only into a database where this is empty.
     */
    async siteRows(): Promise<Record<string, number>> {
      const found: Record<string, number> = {};
      for (const { name } of await tables()) {
        if (MIGRATION_SEEDED.has(name)) continue;
        const n = await count(db, name);
        if (n > 0) found[name] = n;
      }
      return found;
    },

    /**
     * Runs `work` in one read-only snapshot (REPEATABLE READ on PostgreSQL; PGlite has one session,
     * so nothing else runs meanwhile): the dump's tables agree with each other, as of one moment.
     */
    snapshot<T>(work: (trx: Transaction<Schema>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(trx);
        return work(trx);
      });
    },

    /**
     * The rows of `table` as JSON text, `batch` at a time, through a cursor of the snapshot's
     * transaction (never the whole table in memory), in the table's physical order, which a restore
     * keeps (rows that tie in an ORDER BY come back in the same order).
     */
    async *rows(trx: Transaction<Schema>, table: string, batch = 1000): AsyncGenerator<string[]> {
      const from = table === 'jobs' && (await bossJobs(trx)) ? JOBS_WITH_BOSS : ident(table);
      await sql`DECLARE md_backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${from} t`.execute(trx);
      try {
        for (;;) {
          const { rows } = await sql<{ j: string }>`FETCH ${sql.raw(String(batch))} FROM md_backup_rows`.execute(trx);
          if (rows.length === 0) break;
          yield rows.map((r) => r.j);
          if (rows.length < batch) break;
        }
      } finally {
        await sql`CLOSE md_backup_rows`.execute(trx);
      }
    },

    /** The foreign keys of `public`: a restore drops them, loads every table, then adds them back (which checks every row). */
    async foreignKeys(on: Db = db): Promise<ForeignKey[]> {
      const { rows } = await sql<ForeignKey>`
        SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public' ORDER BY c.conname`.execute(on);
      return rows;
    },

    async dropForeignKey(trx: Transaction<Schema>, key: ForeignKey): Promise<void> {
      // `table` is regclass text, already quoted as needed.
      await sql`ALTER TABLE ${sql.raw(key.table)} DROP CONSTRAINT ${ident(key.name)}`.execute(trx);
    },

    async addForeignKey(trx: Transaction<Schema>, key: ForeignKey): Promise<void> {
      await sql`ALTER TABLE ${sql.raw(key.table)} ADD CONSTRAINT ${ident(key.name)} ${sql.raw(key.definition)}`.execute(trx);
    },

    /** Empties the tables (what the migrations inserted goes too: the archive has the site's own rows). */
    async truncate(trx: Transaction<Schema>, names: string[]): Promise<void> {
      if (names.length === 0) return;
      await sql`TRUNCATE ${sql.join(names.map(ident))}`.execute(trx);
    },

    /** Inserts rows given as JSON text into `table`, each value through the column's own type. */
    async insertRows(trx: Transaction<Schema>, table: TableInfo, jsonRows: string[]): Promise<void> {
      if (jsonRows.length === 0) return;
      const columns = sql.join(table.columns.map(ident));
      // OVERRIDING SYSTEM VALUE: identity columns keep the archived ids.
      await sql`INSERT INTO ${ident(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
        SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, ${`[${jsonRows.join(',')}]`}::json)`.execute(trx);
    },

    async setSequence(trx: Transaction<Schema>, state: SequenceState): Promise<void> {
      await sql`SELECT setval(quote_ident(${state.name})::regclass, ${state.lastValue}::bigint, ${state.isCalled})`.execute(trx);
    },
  };
}
