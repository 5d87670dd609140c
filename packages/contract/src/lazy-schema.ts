/**
 * A schema built on its first use (decision 040). `lazySchema(() => z.object({...}))` answers at
 * once with a stand-in that builds the schema the first time anything reads it (a parse, a
 * property, `instanceof`) and from then on forwards everything to it, so it is used exactly as the
 * schema would be. The web's build wraps the contract's top-level schemas in it
 * (apps/web/scripts/lazy-contract-schemas.ts): a page then builds only the schemas of the answers
 * it reads, not the whole of every contract module it imports. The server does not use it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_stand, key) => Reflect.get(schema(), key),
    set: (_stand, key, value) => Reflect.set(schema(), key, value),
    has: (_stand, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_stand, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not call a property non-configurable that its (empty) target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_stand, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_stand, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
