import type { ColumnType } from 'kysely';

// Column shapes shared by the table types (how each SQL type reads and writes: see ../schema.ts).

/** A NOT NULL timestamptz with a database default (now()). */
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A NOT NULL timestamptz the app always writes. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A nullable timestamptz. */
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A NOT NULL numeric. */
export type Numeric = ColumnType<string, string, string>;
/** A NOT NULL numeric with a database default. */
export type DefaultedNumeric = ColumnType<string, string | undefined, string>;
/** A nullable numeric. */
export type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
/** A NOT NULL bigint of integer cents: read as a string (pg and PGlite alike), written as a number. */
export type Cents = ColumnType<string, number | bigint, number | bigint>;
/** The same with a database default. */
export type DefaultedCents = ColumnType<string, number | bigint | undefined, number | bigint>;
/** A NOT NULL jsonb with a database default. */
export type DefaultedJson = ColumnType<unknown, string | undefined, string>;
/** A nullable jsonb. */
export type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
/** A column the database computes (GENERATED ALWAYS ... STORED): read-only. */
export type Computed<T> = ColumnType<T, never, never>;
