import type Database from 'better-sqlite3';
import type { ListItemRow, ListStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS lists (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS list_items (
  list_id TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  token TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (list_id, doc_id)
);
CREATE INDEX IF NOT EXISTS list_items_doc ON list_items(doc_id);
`;

interface ListItemDbRow {
  list_id: string;
  doc_id: string;
  token: string;
  added_at: number;
}

const toItem = (r: ListItemDbRow): ListItemRow => ({
  listId: r.list_id,
  docId: r.doc_id,
  token: r.token,
  addedAt: r.added_at,
});

/** "My documents" lists in the embedded SQLite file. Purging a document removes it from every list. */
export function createSqliteListStore(db: Database.Database): ListStore {
  db.exec(SCHEMA);

  const q = {
    insertList: db.prepare<[string, number]>('INSERT INTO lists (id, created_at) VALUES (?, ?)'),
    getList: db.prepare<[string], { id: string; created_at: number }>('SELECT * FROM lists WHERE id = ?'),
    items: db.prepare<[string], ListItemDbRow>(
      'SELECT * FROM list_items WHERE list_id = ? ORDER BY added_at DESC, rowid DESC',
    ),
    getItem: db.prepare<[string, string], ListItemDbRow>('SELECT * FROM list_items WHERE list_id = ? AND doc_id = ?'),
    count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM list_items WHERE list_id = ?'),
    insertItem: db.prepare<[string, string, string, number]>(
      'INSERT INTO list_items (list_id, doc_id, token, added_at) VALUES (?, ?, ?, ?)',
    ),
    updateItem: db.prepare<[string, string, string]>(
      'UPDATE list_items SET token = ? WHERE list_id = ? AND doc_id = ?',
    ),
    removeItem: db.prepare<[string, string]>('DELETE FROM list_items WHERE list_id = ? AND doc_id = ?'),
  };

  // One transaction: the count and the insert see the same list (no two requests overfill it).
  const putTx = db.transaction((row: ListItemRow, maxItems: number): 'added' | 'updated' | 'full' => {
    if (q.getItem.get(row.listId, row.docId)) {
      q.updateItem.run(row.token, row.listId, row.docId);
      return 'updated';
    }
    if ((q.count.get(row.listId)?.n ?? 0) >= maxItems) return 'full';
    q.insertItem.run(row.listId, row.docId, row.token, row.addedAt);
    return 'added';
  });

  return {
    async create(id, now) {
      q.insertList.run(id, now);
      return { id, createdAt: now };
    },
    async get(id) {
      const row = q.getList.get(id);
      return row ? { id: row.id, createdAt: row.created_at } : undefined;
    },
    async items(listId) {
      return q.items.all(listId).map(toItem);
    },
    async getItem(listId, docId) {
      const row = q.getItem.get(listId, docId);
      return row ? toItem(row) : undefined;
    },
    async putItem(row, maxItems) {
      return putTx(row, maxItems);
    },
    async removeItem(listId, docId) {
      return q.removeItem.run(listId, docId).changes > 0;
    },
  };
}
