import type { Mark, Node as PmNode } from '@tiptap/pm/model';
import { embedCardHeading, readEmbedCardAttrs } from './embed-card-model';

/**
 * A card as plain blocks of the same schema, for the PDF and Word exports: a quote holding the linked title
 * (bold), the site name and description, and the address. Null when the schema lacks what it needs.
 */
export function embedCardAsQuote(node: PmNode): PmNode | null {
  const { schema } = node.type;
  const { paragraph, blockquote } = schema.nodes;
  if (!paragraph || !blockquote) return null;
  const a = readEmbedCardAttrs(node.attrs);
  const link = schema.marks.link?.create({ href: a.url });
  const bold = schema.marks.bold?.create();
  const marks = (...list: Array<Mark | undefined>): Mark[] => list.filter((m): m is Mark => m !== undefined);
  const lines = [paragraph.create(null, schema.text(embedCardHeading(a), marks(link, bold)))];
  const about = [a.siteName, a.description].filter(Boolean).join(' — ');
  if (about) lines.push(paragraph.create(null, schema.text(about)));
  if (embedCardHeading(a) !== a.url) lines.push(paragraph.create(null, schema.text(a.url, marks(link))));
  return blockquote.create(null, lines);
}
