// Kysely on SQLite keeps its prepared statements (decision 1981): a query run again is not compiled again,
// a statement in the middle of an iteration is never handed out twice, the oldest texts make room, and a
// kept statement still answers after the schema changed under it.

import Database from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely'
import { afterEach, expect, test, vi } from 'vitest'
import { withStatementCache } from '../src/db/statement-cache'

interface Tables {
  t: { id: Generated<number>; name: string }
}

const open: Database.Database[] = []
afterEach(() => {
  for (const connection of open.splice(0)) if (connection.open) connection.close()
})

function connection(): Database.Database {
  const made = new Database(':memory:')
  open.push(made)
  made.exec('create table t (id integer primary key, name text)')
  made.exec("insert into t (name) values ('a'), ('b'), ('c')")
  return made
}

test('a query run again through Kysely is prepared once and answers the same rows', async () => {
  const raw = connection()
  const prepare = vi.spyOn(raw, 'prepare')
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(raw) }),
  })
  for (const id of [1, 2, 3, 1]) {
    const row = await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst()
    expect(row?.name).toBe(['a', 'b', 'c'][id - 1])
  }
  expect(prepare).toHaveBeenCalledTimes(1)
  // Inside a transaction too: begin and commit are kept like any other text.
  for (const name of ['d', 'e']) {
    await db.transaction().execute((trx) => trx.insertInto('t').values({ name }).execute())
  }
  expect(prepare.mock.calls.map(([text]) => text)).toEqual([
    'select "name" from "t" where "id" = ?',
    'begin',
    'insert into "t" ("name") values (?)',
    'commit',
  ])
  await db.destroy()
  expect(raw.open).toBe(false)
})

test('a statement in the middle of an iteration is not handed out again', () => {
  const cached = withStatementCache(connection())
  const text = 'select name from t order by id'
  const first = cached.prepare(text)
  const iterating = first.iterate([])
  expect(iterating.next().value).toEqual({ name: 'a' })
  const second = cached.prepare(text)
  expect(second).not.toBe(first)
  expect(second.all([])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }])
  expect([...iterating]).toEqual([{ name: 'b' }, { name: 'c' }])
  // Done iterating, the kept one is handed out again.
  expect(cached.prepare(text)).toBe(first)
})

test('the texts used least recently make room for new ones', () => {
  const raw = connection()
  const prepare = vi.spyOn(raw, 'prepare')
  const cached = withStatementCache(raw, 2)
  const [one, two, three] = ['select 1', 'select 2', 'select 3']
  cached.prepare(one)
  cached.prepare(two)
  cached.prepare(one)
  cached.prepare(three) // two goes: one was used after it
  cached.prepare(one)
  cached.prepare(two)
  expect(prepare.mock.calls.map(([text]) => text)).toEqual([one, two, three, two])
})

test('a kept statement answers after the schema changed under it', async () => {
  const raw = connection()
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(raw) }),
  })
  const all = () => sql<{ id: number; name: string }>`select * from t where id = 1`.execute(db)
  expect((await all()).rows).toEqual([{ id: 1, name: 'a' }])
  await sql`alter table t add column note text default 'x'`.execute(db)
  expect((await all()).rows).toEqual([{ id: 1, name: 'a', note: 'x' }])
  await db.destroy()
})
