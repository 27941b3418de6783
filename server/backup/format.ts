/**
 * The backup archive (`md backup`, `md restore`, `md move-to-postgres`): one tar file, written mode
 * 0600 because it carries the site's keys. Its entries, in this order:
 *
 * - `backup.json`: the manifest (BackupManifest): format and version, when, the source database, the
 *   migrations applied, every table with its columns and row count, every sequence's position;
 * - `keys.json`: the four deployment keys the site ran with (KeyFile), without which a restored site
 *   could not unmask its images nor talk to the members' devices;
 * - `db/<table>.jsonl.gz`: each table's rows, one `row_to_json` text per line, gzipped;
 * - `media/<path>`: the media files themselves, byte for byte (with --media only);
 * - `media-index.jsonl`: every media file's path, size and sha256 (last, so a backup reads each
 *   file once: the hash is taken while the file is packed).
 *
 * A dump folder (what the server writes for the tool) holds the same `backup.json`, `keys.json` and
 * `db/` as the archive; the tool adds the media.
 */
import type { KeyName } from '../../protocol/keys.ts';
import type { SequenceState } from '../db/repositories/backup.ts';

export const ARCHIVE_FORMAT = 'md-backup';
export const ARCHIVE_VERSION = 1;

export const MANIFEST_ENTRY = 'backup.json';
export const KEYS_ENTRY = 'keys.json';
export const DB_PREFIX = 'db/';
export const MEDIA_PREFIX = 'media/';
export const MEDIA_INDEX_ENTRY = 'media-index.jsonl';

export interface TableDump {
  name: string;
  rows: number;
  columns: string[];
  /** The entry of its rows: db/<name>.jsonl.gz. */
  file: string;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: { version: number; name: string }[];
  tables: TableDump[];
  sequences: SequenceState[];
  /** Whether the media files themselves are in the archive (the index always is). */
  mediaIncluded: boolean;
}

export type KeyFile = Record<KeyName, string>;

/** One line of media-index.jsonl: a file under MEDIA_DIR. */
export interface MediaEntry {
  path: string;
  size: number;
  sha256: string;
}

export const tableFile = (table: string) => `${DB_PREFIX}${table}.jsonl.gz`;

/**
 * Scratch files and folders of the media writers (`x.tmp-<pid>-<hex or time>`, renamed into place
 * when whole) are never backed up: what they hold is either not done or about to be in place.
 */
export const isScratch = (path: string) => path.split('/').some((part) => /\.tmp-\d+-[0-9a-f]+$/.test(part));
