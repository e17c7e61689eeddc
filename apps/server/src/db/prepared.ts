import type { Compilable, CompiledQuery, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from './schema.js';

type Conn = Kysely<Database> | Transaction<Database>;

/** Where a value goes in a prepared query: a stand-in Kysely binds like any other value. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query of fixed shape, built and compiled once per database and then run
 * with new values. Kysely builds an immutable tree for every query and
 * compiles it to SQL each time: under bench:soak that was a fifth of the
 * server's CPU, most of it spent again and again on the same few statements
 * (the signed-in member, a user by name, an entry, a game by slug). `build`
 * is called once with stand-ins for the values (`values.id` is not a number
 * there, only where one goes): it must use each as a plain value —
 * compared, inserted, set, each by name (the stand-ins have no keys to
 * spread) — and have no branch or list that depends on one.
 * Compiled queries are kept per dialect adapter, which a database and its
 * transactions share, so one function serves SQLite and PostgreSQL.
 */
export function prepared<Values extends object, Row>(build: (db: Conn, values: Values) => Compilable<Row>) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  const slots = new Proxy({} as Values, { get: (_target, name) => new Slot(String(name)) });

  function compiledFor(db: Conn): CompiledQuery<Row> {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, slots).compile();
      compiled.set(adapter, query);
    }
    return query;
  }

  /** The rows of the query with these values. */
  return async (db: Conn, values: Values): Promise<Row[]> => {
    const query = compiledFor(db);
    const parameters = query.parameters.map((p) => (p instanceof Slot ? (values as Record<string, unknown>)[p.name] : p));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** The same, for a query of at most one row. */
export function preparedFirst<Values extends object, Row>(build: (db: Conn, values: Values) => Compilable<Row>) {
  const rows = prepared(build);
  return async (db: Conn, values: Values): Promise<Row | undefined> => (await rows(db, values))[0];
}

/** The columns given a value (Kysely leaves out those set to undefined; so does a prepared write). */
const givenColumns = (values: object) => Object.keys(values).filter((column) => (values as Record<string, unknown>)[column] !== undefined);
const pickColumns = (values: Record<string, unknown>, columns: string) => Object.fromEntries(columns.split(',').map((column) => [column, values[column]]));

type TableWithId = 'library_entries' | 'diary_entries' | 'plays';

/**
 * Inserting a row into a table with an id, and updating one by its id, prepared once per set of columns
 * given: the callers' sets, a handful (the columns are the code's, never a request's).
 */
export function preparedRowWrites<T extends TableWithId>(table: T) {
  // Built on the union of the tables: Kysely's builders cannot be typed over a generic table.
  const into: TableWithId = table;
  const insert = preparedByShape((db, v: Record<string, unknown>, columns: string) =>
    db.insertInto(into).values(pickColumns(v, columns) as never).returning('id'),
  );
  const update = preparedByShape((db, v: Record<string, unknown>, columns: string) =>
    db.updateTable(into).set(pickColumns(v, columns) as never).where('id', '=', v.id as number),
  );
  return {
    async insert(db: Conn, values: Insertable<Database[T]>): Promise<{ id: number }> {
      const [row] = await insert(db, givenColumns(values).join(','), values as Record<string, unknown>);
      if (!row) throw new Error(`The new row of ${table} was not returned.`);
      return row;
    },
    async update(db: Conn, id: number, values: Updateable<Database[T]>): Promise<void> {
      const columns = givenColumns(values);
      if (columns.length > 0) await update(db, columns.join(','), { ...values, id });
    },
  };
}

/**
 * A query whose shape depends on a few options (which filters are given, a
 * sort, a shelf): one prepared query per shape, made on first use. A shape
 * is built from such choices only, each one of a closed list the schema
 * checked, never from free text (the values go in `values`), so there are
 * at most as many as the code has paths.
 */
export function preparedByShape<Shape extends string, Values extends object, Row>(build: (db: Conn, values: Values, shape: Shape) => Compilable<Row>) {
  const byShape = new Map<Shape, (db: Conn, values: Values) => Promise<Row[]>>();
  return (db: Conn, shape: Shape, values: Values): Promise<Row[]> => {
    let run = byShape.get(shape);
    if (!run) {
      run = prepared((d: Conn, v: Values) => build(d, v, shape));
      byShape.set(shape, run);
    }
    return run(db, values);
  };
}
