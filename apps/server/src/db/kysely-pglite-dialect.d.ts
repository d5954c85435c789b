// kysely-pglite-dialect 1.3.1 ships no type declarations; this is the part we use.
declare module 'kysely-pglite-dialect' {
  import type { PGlite } from '@electric-sql/pglite';
  import type { Dialect } from 'kysely';

  export class PGliteDialect implements Dialect {
    constructor(pglite: PGlite);
    createDriver: Dialect['createDriver'];
    createQueryCompiler: Dialect['createQueryCompiler'];
    createAdapter: Dialect['createAdapter'];
    createIntrospector: Dialect['createIntrospector'];
  }
}
