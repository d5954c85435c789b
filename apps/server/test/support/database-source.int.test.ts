import { describe, expect, it } from 'vitest';
import { chooseDatabaseSource } from './database-source.js';

describe('where the integration tests find a real PostgreSQL', () => {
  it('DATABASE_URL wins, Docker or not', () => {
    for (const dockerReachable of [true, false]) {
      expect(chooseDatabaseSource({ databaseUrl: 'postgres://h/db', dockerReachable })).toEqual({
        kind: 'url',
        url: 'postgres://h/db',
      });
    }
  });

  it('without DATABASE_URL, testcontainers when a Docker engine answers', () => {
    expect(chooseDatabaseSource({ databaseUrl: undefined, dockerReachable: true })).toEqual({
      kind: 'testcontainers',
    });
  });

  it('without either, PGlite alone', () => {
    expect(chooseDatabaseSource({ databaseUrl: undefined, dockerReachable: false })).toEqual({
      kind: 'pglite-only',
    });
    expect(chooseDatabaseSource({ databaseUrl: '', dockerReachable: false })).toEqual({
      kind: 'pglite-only',
    });
  });
});
