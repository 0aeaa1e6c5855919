// Linted as server/src/plugins/export/pdf/table.ts: its own plugin, domain, infra and packages are fine.
import { alignOf } from '../render/style';
import { renderExport } from '../service';
import { proseMirrorDocOf } from '../../../domain/ydoc/read-document';
import { AppError } from '../../../infra/errors/app-error';
import { VersionLimits } from '@shared/limits';

export const fine = [alignOf, renderExport, proseMirrorDocOf, AppError, VersionLimits];
