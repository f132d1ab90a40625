/** A KV namespace in memory for unit tests: enough of the binding for the session store, counting its reads. */
export function memoryKv() {
  const store = new Map<string, string>();
  const counts = { reads: 0 };
  return {
    store,
    counts,
    async get(key: string, type?: string) {
      counts.reads++;
      const value = store.get(key);
      return value === undefined ? null : type === "json" ? JSON.parse(value) : value;
    },
    async put(key: string, value: string) {
      store.set(key, value);
    },
    async delete(key: string) {
      store.delete(key);
    },
  };
}
