/**
 * Whether this origin may have the IndexedDB database `name`. `indexedDB.databases()` lists them
 * without opening (and so without creating) any; where the browser cannot list them, or the list
 * fails, the answer is true and the caller opens the database as it would anyway.
 *
 * A reader that finds nothing need not open a database only to learn it is empty: on a first visit
 * opening one creates it, with its stores, on the page's main thread before the video plays.
 */
export async function databaseMayExist(name: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === name);
  } catch {
    return true;
  }
}
