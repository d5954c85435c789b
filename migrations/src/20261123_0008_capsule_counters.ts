import { type Kysely, sql } from 'kysely';

// Totals that do not grow with the data: the dashboard's counts and the list's
// total were count(*) over every capsule of the owner, 35 times slower at a million capsules.
// capsule_counters holds how many capsules each owner has per status and category, kept by a
// trigger in the same transaction as every insert, delete and change of status, category or
// owner, so it cannot drift from the rows, whatever code path writes them.
// A category of '' stands for "none" (a primary key cannot hold null).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table capsule_counters (
    owner_id uuid not null references users (id) on delete cascade,
    status text not null,
    category text not null default '',
    n bigint not null default 0 check (n >= 0),
    primary key (owner_id, status, category)
  )`.execute(db);

  // Two transitions racing in opposite directions (A: S1 -> S2, B: S2 -> S1) would lock the
  // two counter rows in opposite orders and deadlock; both changes are applied in the order
  // of their keys, so every transaction locks counter rows in the same order.
  await sql`create function capsule_counters_apply() returns trigger language plpgsql as $$
  declare
    old_key text;
    new_key text;
  begin
    if tg_op = 'UPDATE' then
      if old.owner_id = new.owner_id and old.status = new.status
         and coalesce(old.category, '') = coalesce(new.category, '') then
        return null;
      end if;
      old_key := old.owner_id::text || '|' || old.status || '|' || coalesce(old.category, '');
      new_key := new.owner_id::text || '|' || new.status || '|' || coalesce(new.category, '');
      if old_key < new_key then
        update capsule_counters set n = n - 1
          where owner_id = old.owner_id and status = old.status and category = coalesce(old.category, '');
        insert into capsule_counters (owner_id, status, category, n)
          values (new.owner_id, new.status, coalesce(new.category, ''), 1)
          on conflict (owner_id, status, category) do update set n = capsule_counters.n + 1;
      else
        insert into capsule_counters (owner_id, status, category, n)
          values (new.owner_id, new.status, coalesce(new.category, ''), 1)
          on conflict (owner_id, status, category) do update set n = capsule_counters.n + 1;
        update capsule_counters set n = n - 1
          where owner_id = old.owner_id and status = old.status and category = coalesce(old.category, '');
      end if;
    elsif tg_op = 'INSERT' then
      insert into capsule_counters (owner_id, status, category, n)
        values (new.owner_id, new.status, coalesce(new.category, ''), 1)
        on conflict (owner_id, status, category) do update set n = capsule_counters.n + 1;
    else
      update capsule_counters set n = n - 1
        where owner_id = old.owner_id and status = old.status and category = coalesce(old.category, '');
    end if;
    return null;
  end $$`.execute(db);

  await sql`create trigger capsule_counters_after_change
    after insert or delete or update of owner_id, status, category on capsules
    for each row execute function capsule_counters_apply()`.execute(db);

  await sql`insert into capsule_counters (owner_id, status, category, n)
    select owner_id, status, coalesce(category, ''), count(*) from capsules
    group by owner_id, status, coalesce(category, '')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger capsule_counters_after_change on capsules`.execute(db);
  await sql`drop function capsule_counters_apply()`.execute(db);
  await sql`drop table capsule_counters`.execute(db);
}
