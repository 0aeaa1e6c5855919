/**
 * XSS payloads (SECURITY.md §1–§2) with the exact sanitized output expected. Every output is also checked
 * for idempotence and for the absence of script-capable markup.
 */
export interface SanitizeFixture {
  name: string;
  input: string;
  expected: string;
}

export const XSS_FIXTURES: readonly SanitizeFixture[] = [
  {
    name: 'javascript: link',
    input: '<p><a href="javascript:alert(1)">x</a></p>',
    expected: '<p><a>x</a></p>',
  },
  {
    name: 'javascript: hidden behind entities',
    input: '<a href="&#106;&#x61;vascript&colon;alert(1)">x</a>',
    expected: '<a>x</a>',
  },
  {
    name: 'javascript: with leading space, tab and newline inside the scheme',
    input: '<a href=" \u0001jav&#x09;a\nscript:alert(1)">x</a>',
    expected: '<a>x</a>',
  },
  {
    name: 'upper-case JAVASCRIPT: scheme',
    input: '<a href="JaVaScRiPt:alert(1)">x</a>',
    expected: '<a>x</a>',
  },
  {
    name: 'javascript:// comment ended by an encoded newline (CVE-2019-19935)',
    input: '<iframe src="javascript://%0Aalert(1)"></iframe><a href="javascript://%0Aalert(1)">x</a>',
    expected: '<a>x</a>',
  },
  {
    name: 'vbscript: and data: links',
    input:
      '<a href="vbscript:msgbox(1)">a</a><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">b</a>',
    expected: '<a>a</a><a>b</a>',
  },
  {
    name: 'svg onload',
    input: '<svg onload="alert(1)"><circle r="1"></circle></svg><p>after</p>',
    expected: '<p>after</p>',
  },
  {
    name: 'img onerror',
    input: '<img src="x" onerror="alert(1)">',
    expected: '',
  },
  {
    name: 'data: image',
    input: '<p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="a"></p>',
    expected: '<p></p>',
  },
  {
    name: 'iframe srcdoc on an allowed host',
    input: '<iframe src="https://www.youtube-nocookie.com/embed/abc" srcdoc="<script>alert(1)</script>"></iframe>',
    expected:
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
  },
  {
    name: 'iframe srcdoc without src (Summernote #4423)',
    input: '<iframe srcdoc="&lt;body onload=alert(1)&gt;"></iframe>',
    expected: '',
  },
  {
    name: 'iframe on a foreign host and over http',
    input: '<iframe src="https://evil.example/embed"></iframe><iframe src="http://www.youtube.com/embed/x"></iframe>',
    expected: '',
  },
  {
    name: 'iframe sandbox is forced, not taken from input',
    input: '<iframe src="https://player.vimeo.com/video/1" sandbox="allow-top-navigation allow-forms"></iframe>',
    expected:
      '<iframe src="https://player.vimeo.com/video/1" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
  },
  {
    name: 'mXSS: math/style namespace confusion',
    input: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    expected: '',
  },
  {
    name: 'mXSS: svg closing p',
    input: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    expected: '<p></p>"&gt;',
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
    expected: '',
  },
  {
    name: 'attribute injection through an href value (CVE-2023-41592)',
    input: '<a href="https://x&quot; onmouseover=&quot;alert(1)">x</a>',
    // Not a valid URL (space in the host), so the href goes; the value could never break out anyway.
    expected: '<a>x</a>',
  },
  {
    name: 'DOM clobbering with id and name',
    input: '<p id="cookie">a</p><img name="getElementById" src="https://h/a.png">',
    expected: '<p>a</p><img src="https://h/a.png">',
  },
  {
    name: 'CSS url() and expression in style',
    input:
      '<span style="background-image: url(javascript:alert(1)); color: expression(alert(1)); font-size: 12px">a</span>',
    expected: '<span style="font-size: 12px">a</span>',
  },
  {
    name: 'internal markers and data attributes are dropped',
    input: '<p data-mce-object="x" data-pm-slice="1 1 []"><span data-type="uploadPlaceholder">a</span></p>',
    expected: '<p><span>a</span></p>',
  },
  {
    name: 'video autoplay and poster are dropped, controls forced',
    input: '<video src="https://h/uploads/a.mp4" autoplay poster="javascript:alert(1)" onplay="alert(1)"></video>',
    expected: '<video src="https://h/uploads/a.mp4" controls="" preload="metadata"></video>',
  },
  {
    name: 'script and style elements',
    input: '<p>a<script>alert(1)</script><style>*{}</style>b</p>',
    expected: '<p>ab</p>',
  },
];

/** Editor output that must pass unchanged (the client schema's HTML). */
export const SCHEMA_FIXTURES: readonly string[] = [
  '<p style="text-align: center; line-height: 1.5">Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup></p>',
  '<h2 style="margin-left: 40px">Title</h2><blockquote><p>quote</p></blockquote><hr>',
  '<ul><li><p>a</p></li></ul><ol start="3" type="a"><li><p>b</p></li></ol>',
  '<pre><code class="language-js">const a = 1;</code></pre>',
  '<p><span style="color: #ff0000; background-color: rgb(0, 0, 255); font-family: Arial, &quot;Times New Roman&quot;, serif; font-size: 18px">c</span></p>',
  '<p><span style="letter-spacing: 2px; text-transform: uppercase">c</span><span class="fr-class-code">k</span></p>',
  '<p><a href="https://example.com/a?b=1#c" rel="noopener noreferrer nofollow" target="_blank">l</a> <a href="mailto:a@b.c">m</a> <a href="tel:+1234">t</a> <a href="#top">r</a></p>',
  '<p><img src="https://h/uploads/a.png" class="fr-fic fr-dib fr-rounded" style="width: 300px" alt="a" data-id="u1"></p>',
  '<p><span class="fr-img-caption fr-fic fr-dib" style="width: 300px"><span class="fr-img-wrap"><img src="https://h/uploads/a.png" alt="" data-id="u1"><span class="fr-inner">caption</span></span></span></p>',
  '<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"><iframe src="https://www.youtube-nocookie.com/embed/abc" width="640" height="360" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin"></iframe></span></p>',
  '<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"><video src="https://h/uploads/v.mp4" data-id="u2" controls="" preload="metadata"></video></span></p>',
  '<p><a href="https://h/uploads/f.pdf" class="fr-file" data-size="1234" data-type="application/pdf" data-id="u3">f.pdf</a></p>',
  '<table style="width: 100%"><tbody><tr><th colspan="2">h</th></tr><tr><td style="text-align: right">1</td><td>2</td></tr></tbody></table>',
];
