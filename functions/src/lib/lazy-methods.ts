/** An object whose members are all async methods (a port such as BlobStore or SearchIndex). */
type AsyncMethods<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * `T` whose implementation is loaded on the first call of any of its methods: the Lambda's cold start does
 * not load code that only some requests use (ADR 082, 083). `methods` names every method (the type checks
 * it is complete). A failed load is tried again on the next call.
 */
export function lazyMethods<T extends AsyncMethods<T>>(load: () => Promise<T>, methods: Record<keyof T, true>): T {
  let loading: Promise<T> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const lazy: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of Object.keys(methods)) {
    lazy[name] = async (...args) => {
      const target = (await get()) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      return target[name]!(...args);
    };
  }
  return lazy as unknown as T;
}
