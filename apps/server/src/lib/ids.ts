/**
 * Whether two record ids name the same row. Ids reach services lower-cased by the shared schemas
 * (`uuidField`); comparing case-insensitively here as well means a path that skipped the schema
 * still cannot slip past a "not yourself" rule with an upper-case id.
 */
export function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
