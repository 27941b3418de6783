/** Anything with DOM-style listeners: elements, the document, shaka's player. */
interface Listenable {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/** Adds one listener per event and returns the call that removes them all: an effect's cleanup. */
export function listen(target: Listenable | null | undefined, handlers: Record<string, (event: Event) => void>): () => void {
  if (!target) return () => undefined;
  const entries = Object.entries(handlers);
  for (const [type, handler] of entries) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of entries) target.removeEventListener(type, handler);
  };
}
