// Linted as server/src/infra/backup/backup.ts: an engine importing domain and plugin code.
import { importDocumentArchive } from '../../domain/archive/archive';
import { purge } from '../../plugins/documents/index';

export const both = [importDocumentArchive, purge];
