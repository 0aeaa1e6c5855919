import beautify from 'js-beautify';

/**
 * The beautifier's rules (FROALA-REFERENCE §8, with our indentation): two spaces, one block per line,
 * inline content kept on its line, `pre` left exactly as it is, no wrapping.
 */
export function formatHtml(source: string): string {
  return beautify.html(source, {
    indent_size: 2,
    wrap_line_length: 0,
    end_with_newline: true,
    extra_liners: [],
    indent_inner_html: false,
    content_unformatted: ['pre', 'textarea'],
  });
}
