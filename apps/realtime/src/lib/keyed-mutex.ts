/** Serialises async work per key within this process (commands of one game run one after another). */
export function createKeyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const prev = tails.get(key) ?? Promise.resolve();
      const current = prev.then(fn, fn);
      const tail = current.catch(() => undefined);
      tails.set(key, tail);
      try {
        return await current;
      } finally {
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
