import pg from 'pg';

/** bigint (int8) columns hold epoch milliseconds, sizes and sequence numbers: all far below 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle client whose connection drops emits 'error' on the pool; without a listener Node exits.
  // The next query gets a fresh connection (or fails, and the caller reports it).
  pool.on('error', () => undefined);
  return pool;
}

export type Queryable = pg.Pool | pg.PoolClient;

/** Runs `fn` in one transaction on one pooled connection; rolls back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection that cannot even roll back is broken (the server went away): it leaves the pool.
  let broken: Error | undefined;
  // A checked-out connection that drops also emits 'error' (the pool listens only to idle ones): without a
  // listener Node would end the process. The query in flight rejects with the same failure.
  const onError = (error: Error): void => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: unknown) => {
      broken = rollback instanceof Error ? rollback : new Error(String(rollback));
    });
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/** A view of the bytes as a Buffer (no copy), which pg sends as bytea. */
export const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A bytea column as a plain Uint8Array over the same memory. */
export const fromBuffer = (data: Buffer): Uint8Array => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
