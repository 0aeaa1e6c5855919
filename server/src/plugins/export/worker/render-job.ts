import type { Schema } from '@tiptap/pm/model';
import { exportedDocument } from '@shared/document/html/html-export';
import { renderDocx } from '../docx/render-docx';
import { renderPdf } from '../pdf/render-pdf';
import { proseMirrorDocOf } from '../../../domain/ydoc/read-document';
import { UNTITLED } from '../export-names';
import type { ExportJob } from './export-messages';

/** The PDF or .docx of a document (a Y.Doc state), as the export workers render it with the model's `schema`. */
export async function renderJob(job: ExportJob, schema: Schema): Promise<Buffer> {
  const { doc, title } = proseMirrorDocOf(job.state, schema);
  const input = {
    // Word keeps the comment anchors: it writes the threads as Word comments.
    doc: exportedDocument(doc, { comments: job.format === 'docx', suggestions: job.suggestions }),
    title: title || UNTITLED,
    page: job.page,
    images: job.images,
    origin: job.origin,
  };
  return job.format === 'pdf' ? renderPdf(input) : renderDocx({ ...input, comments: job.comments });
}
