/**
 * XSS payloads (SECURITY.md §1–§2) with the exact sanitized output expected: what the document model keeps
 * of them, written as the model writes HTML (content always sits in blocks; nothing at all is `<p></p>`).
 * Every output is also checked for idempotence and for the absence of script-capable markup.
 */
export interface SanitizeFixture {
  name: string;
  input: string;
  expected: string;
}

/** An embed as the model writes it: Froala's video span, the fixed sandbox and permissions. */
const embed = (src: string): string =>
  `<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"><iframe src="${src}" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin"></iframe></span></p>`;

export const XSS_FIXTURES: readonly SanitizeFixture[] = [
  {
    name: 'javascript: link',
    input: '<p><a href="javascript:alert(1)">x</a></p>',
    expected: '<p>x</p>',
  },
  {
    name: 'javascript: hidden behind entities',
    input: '<a href="&#106;&#x61;vascript&colon;alert(1)">x</a>',
    expected: '<p>x</p>',
  },
  {
    name: 'javascript: with leading space, tab and newline inside the scheme',
    input: '<a href=" \u0001jav&#x09;a\nscript:alert(1)">x</a>',
    expected: '<p>x</p>',
  },
  {
    name: 'upper-case JAVASCRIPT: scheme',
    input: '<a href="JaVaScRiPt:alert(1)">x</a>',
    expected: '<p>x</p>',
  },
  {
    name: 'javascript:// comment ended by an encoded newline (CVE-2019-19935)',
    input: '<iframe src="javascript://%0Aalert(1)"></iframe><a href="javascript://%0Aalert(1)">x</a>',
    expected: '<p>x</p>',
  },
  {
    name: 'vbscript: and data: links',
    input:
      '<a href="vbscript:msgbox(1)">a</a><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">b</a>',
    expected: '<p>ab</p>',
  },
  {
    name: 'svg onload',
    input: '<svg onload="alert(1)"><circle r="1"></circle></svg><p>after</p>',
    expected: '<p>after</p>',
  },
  {
    name: 'img onerror',
    input: '<img src="x" onerror="alert(1)">',
    expected: '<p></p>',
  },
  {
    name: 'data: image',
    input: '<p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="a"></p>',
    expected: '<p></p>',
  },
  {
    name: 'iframe srcdoc on an allowed host',
    input:
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" srcdoc="<script>alert(1)</script>"></iframe>',
    expected: embed('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'),
  },
  {
    name: 'iframe srcdoc without src (Summernote #4423)',
    input: '<iframe srcdoc="&lt;body onload=alert(1)&gt;"></iframe>',
    expected: '<p></p>',
  },
  {
    name: 'iframe on a foreign host and over http',
    input:
      '<iframe src="https://evil.example/embed"></iframe><iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    expected: '<p></p>',
  },
  {
    name: 'iframe sandbox is forced, not taken from input',
    input: '<iframe src="https://player.vimeo.com/video/1" sandbox="allow-top-navigation allow-forms"></iframe>',
    // The model stores the canonical embed address (Vimeo's do-not-track flag) and writes its own sandbox.
    expected: embed('https://player.vimeo.com/video/1?dnt=1'),
  },
  {
    name: 'mXSS: math/style namespace confusion',
    input: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    expected: '<p></p>',
  },
  {
    name: 'mXSS: svg closing p',
    input: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    expected: '<p></p><p>"&gt;</p>',
  },
  {
    name: 'mXSS: noscript and template',
    input:
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><template><img src=x onerror=alert(1)></template>',
    expected: '<p></p>',
  },
  {
    name: 'plaintext / xmp / object data (Froala #4896, CVE-2024-51434)',
    input:
      '<object data="javascript:alert(1)"></object><xmp><img src=1 onerror=alert(1)></xmp><embed src="javascript:alert(1)">',
    expected: '<p></p>',
  },
  {
    name: 'attribute injection through an href value (CVE-2023-41592)',
    input: '<a href="https://x&quot; onmouseover=&quot;alert(1)">x</a>',
    // The link model keeps the (odd) address as one attribute value: its quotes are escaped, so it never breaks out.
    expected: '<p><a href="https://x&quot; onmouseover=&quot;alert(1)">x</a></p>',
  },
  {
    name: 'DOM clobbering with id and name',
    input: '<p id="cookie">a</p><img name="getElementById" src="https://h/a.png">',
    expected: '<p>a</p><p><img src="https://h/a.png" class="fr-fic fr-dib" alt=""></p>',
  },
  {
    name: 'CSS url() and expression in style',
    input:
      '<span style="background-image: url(javascript:alert(1)); color: expression(alert(1)); font-size: 12px">a</span>',
    expected: '<p><span style="font-size: 12px">a</span></p>',
  },
  {
    name: 'internal markers and data attributes are dropped',
    input: '<p data-mce-object="x" data-pm-slice="1 1 []"><span data-type="uploadPlaceholder">a</span></p>',
    expected: '<p>a</p>',
  },
  {
    name: 'video autoplay and poster are dropped, controls forced',
    input: '<video src="https://h/uploads/a.mp4" autoplay poster="javascript:alert(1)" onplay="alert(1)"></video>',
    expected:
      '<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"><video src="https://h/uploads/a.mp4" controls="" preload="metadata"></video></span></p>',
  },
  {
    name: 'script and style elements',
    input: '<p>a<script>alert(1)</script><style>*{}</style>b</p>',
    expected: '<p>ab</p>',
  },
];

/** The model's own HTML (what the editor exports), which must pass unchanged. */
export const SCHEMA_FIXTURES: readonly string[] = [
  '<p style="line-height: 1.5; text-align: center">Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup> <code>c</code></p>',
  '<h2 class="fr-text-gray">Title</h2><blockquote><p>quote</p></blockquote><hr>',
  '<ul style="list-style-type: square"><li><p>a</p></li></ul><ol start="3" type="a"><li><p>b<br>c</p></li></ol>',
  '<pre><code class="language-js">const a = 1 &lt; 2;\n  return;</code></pre>',
  '<p><span style="font-family: Arial, &quot;Times New Roman&quot;, serif; font-size: 18px; color: #FF0000; background-color: #0000FF">c</span></p>',
  '<p><span style="letter-spacing: 2px; text-transform: uppercase">c</span><span class="fr-class-code">k</span></p>',
  '<p><a href="https://example.com/a?b=1#c" target="_blank" rel="noopener noreferrer nofollow">l</a> <a href="mailto:a@b.c">m</a> <a href="tel:+1234">t</a> <a href="#top">r</a></p>',
  '<p><img src="https://h/uploads/a.png" class="fr-fic fr-dib fr-rounded" style="width: 300px;" alt="a" data-id="u1"></p>',
  '<p><img src="/uploads/a.png" class="fr-fil fr-dii" style="width: 50%; height: 20px;" alt=""></p>',
  '<p><span class="fr-img-caption fr-fic fr-dib" style="width: 300px;"><span class="fr-img-wrap"><img src="https://h/uploads/a.png" alt="" data-id="u1"><span class="fr-inner">caption</span></span></span></p>',
  embed('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'),
  '<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"><video src="https://h/uploads/v.mp4" controls="" preload="metadata" data-id="u2"></video></span></p>',
  '<p><a href="https://h/uploads/f.pdf" class="fr-file" data-size="1234" data-type="application/pdf" data-id="u3">f.pdf</a></p>',
];
