import { sql } from 'drizzle-orm';

/**
 * What every list screen's query shares: a person's search text as a LIKE pattern, and one page
 * of rows with how many rows match in all.
 */

/** `%`, `_` and `\` typed by a person are letters, not wildcards: "contains `text`". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The number of rows a query matches, as a column of its one result row. */
export const countAll = () => sql<number>`count(*)`.mapWith(Number);

/** The OFFSET of page `page` (from 1) of `limit` rows. */
export const offsetOf = (filters: { page: number; limit: number }) =>
  (filters.page - 1) * filters.limit;

/**
 * One page of rows and how many match in all. The two queries are independent: on a PostgreSQL
 * server they run side by side on two pooled connections, so a search pays for one scan's time.
 */
export async function rowsAndTotal<Row>(
  page: PromiseLike<Row[]>,
  count: PromiseLike<{ total: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [counted]] = await Promise.all([page, count]);
  return { rows, total: counted?.total ?? 0 };
}
