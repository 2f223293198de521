/**
 * A schema built on first use instead of when its module loads. Building zod schemas costs (every
 * instance gets its methods), and a Lambda's cold start loads every schema of the API while a request
 * needs a few (ADR 083). The proxy hands every property of the real schema through, so it composes,
 * parses and infers like the schema itself.
 */
/** Asked of a lazy schema, answers the real schema behind the proxy (for code that needs its identity, `realSchema`). */
const REAL = Symbol('lazySchema.real');

export function lazySchema<T extends object>(build: () => T): T {
  let real: T | undefined;
  const get = (): T => (real ??= build());
  return new Proxy({} as T, {
    get(_target, key) {
      if (key === REAL) return get();
      const schema = get();
      const value: unknown = Reflect.get(schema, key, schema);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(schema) : value;
    },
    set: (_target, key, value) => Reflect.set(get(), key, value),
    has: (_target, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(get(), key);
      // A proxy may not report a property as non-configurable when its target lacks it.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(get(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(get()),
  });
}

/**
 * The schema behind a lazy schema (itself for any other value). zod's JSON Schema output keys its bookkeeping
 * by schema identity and so trips on a proxy inside a schema: the OpenAPI document (ADR 124) swaps them first.
 */
export function realSchema<T extends object>(schema: T): T {
  return ((schema as Record<symbol, unknown>)[REAL] as T | undefined) ?? schema;
}
