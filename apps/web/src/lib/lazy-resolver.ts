import type { FieldValues, Resolver } from 'react-hook-form';

/** What the zod resolver reads of a schema's type: its input (the form) and output (sent). */
interface ZodSchemaType<Output, Input> {
  _zod: { output: Output; input: Input };
}

/** A form's resolver that loads its schema on first use; `preload()` starts that early. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * react-hook-form's zod resolver, with the shared schema and zod loaded on demand: evaluating zod
 * and building the schemas was the longest script a portal page ran on load, for forms a person
 * may never send (ADR 008). `load` is a dynamic import of the schema's module in packages/shared;
 * a form calls `preload` when a person first focuses it (or when it opens in a dialog), so the
 * schema is there by the time they send. A load that fails (offline) is tried again next time.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<ZodSchemaType<Output, Input>>,
): LazyResolver<Input, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (resolver ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    )).catch((error: unknown) => {
      resolver = undefined;
      throw error;
    });
  const lazy = (async (values, context, options) =>
    (await loaded())(values, context, options)) as LazyResolver<Input, Output>;
  lazy.preload = () => {
    void loaded().catch(() => {
      // offline: the first check loads it again
    });
  };
  return lazy;
}
