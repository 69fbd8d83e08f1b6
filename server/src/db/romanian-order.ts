import { sql, type RawBuilder } from "kysely";

/**
 * A name's sort key in Romanian alphabetical order, case-insensitive and the same on PostgreSQL and PGlite
 * (migration 008's ro_sort_key, compared byte by byte). `column` is a reference such as "o.name".
 */
export const romanianOrder = (column: string): RawBuilder<string> => sql<string>`ro_sort_key(${sql.ref(column)}) COLLATE "C"`;
