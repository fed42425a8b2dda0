/** A Storage-like map for tests of what keeps drafts; `items` shows what was written under which key. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A storage that refuses every call, as a full quota or a browser's privacy mode can. */
export function refusingStorage() {
  const refuse = (): never => {
    throw new Error('storage refused');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}
