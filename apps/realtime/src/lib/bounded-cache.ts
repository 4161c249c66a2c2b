/** A small insertion-ordered cache that drops its oldest entries past `max` (hot-path memoisation). */
export function createBoundedCache<K, V>(max: number) {
  const map = new Map<K, V>();
  return {
    get: (key: K) => map.get(key),
    set(key: K, value: V) {
      if (map.size >= max) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
      map.set(key, value);
    },
    delete: (key: K) => map.delete(key),
  };
}
