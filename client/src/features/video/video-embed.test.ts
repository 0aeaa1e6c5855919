// @vitest-environment jsdom
// (jsdom: its DOMParser documents never try to load iframes, unlike happy-dom, which logs an error per frame)
import { describe, expect, it } from 'vitest';
import { parseEmbedCode } from './video-embed';

const YT = 'dQw4w9WgXcQ';
const NOCOOKIE = `https://www.youtube-nocookie.com/embed/${YT}`;
const REJECTED = { ok: false, error: 'VIDEO_EMBED_REJECTED' };

describe('parseEmbedCode accepts', () => {
  it.each([
    [`<iframe src="https://www.youtube.com/embed/${YT}"></iframe>`, NOCOOKIE],
    [
      `<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/${YT}?si=x&amp;start=30" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
      `${NOCOOKIE}?start=30`,
    ],
    [
      '<div style="padding:56.25% 0 0 0;position:relative;"><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0&autoplay=1" frameborder="0" allow="autoplay; fullscreen" style="position:absolute;top:0;left:0;width:100%;height:100%;" title="x"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>',
      'https://player.vimeo.com/video/76979871?dnt=1&h=8272103f6e',
    ],
    [
      '<div><iframe src="https://geo.dailymotion.com/player.html?video=x8abc12"></iframe><script>evil()</script></div>',
      'https://geo.dailymotion.com/player.html?video=x8abc12',
    ],
    [
      '<iframe frameborder="0" width="640" height="360" src="https://www.dailymotion.com/embed/video/x8abc12" allowfullscreen allow="autoplay"></iframe>',
      'https://geo.dailymotion.com/player.html?video=x8abc12',
    ],
    [`  \n<iframe src="https://www.youtube.com/embed/${YT}"></iframe>\n  `, NOCOOKIE],
    [`<IFRAME SRC="https://www.youtube.com/embed/${YT}"></IFRAME>`, NOCOOKIE],
  ])('%s', (code, src) => {
    const result = parseEmbedCode(code);
    expect(result.ok && result.src).toBe(src);
  });

  it('keeps the embed size and never autoplay or other attributes', () => {
    const result = parseEmbedCode(
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${YT}?autoplay=1" allow="autoplay" onload="x()"></iframe>`,
    );
    expect(result).toEqual({ ok: true, src: NOCOOKIE, width: '560px', height: '315px' });
    expect(
      parseEmbedCode(`<iframe width="100%" height="abc" src="https://www.youtube.com/embed/${YT}"></iframe>`),
    ).toEqual({ ok: true, src: NOCOOKIE, width: '100%', height: null });
  });
});

describe('parseEmbedCode rejects', () => {
  it.each([
    ['empty', ''],
    ['plain text', `https://youtu.be/${YT}`],
    ['other tags', '<p>x</p>'],
    [
      'srcdoc with an allowed src',
      `<iframe src="https://www.youtube.com/embed/${YT}" srcdoc="<script>alert(1)</script>"></iframe>`,
    ],
    ['srcdoc only', '<iframe srcdoc="&lt;body onload=alert(1)&gt;"></iframe>'],
    ['javascript: src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['javascript:// with an encoded newline', '<iframe src="javascript://www.youtube.com/%0Aalert(1)"></iframe>'],
    ['entity-encoded javascript:', '<iframe src="&#106;avascript:alert(1)"></iframe>'],
    ['tab inside the scheme', '<iframe src="java&#x09;script:alert(1)"></iframe>'],
    ['leading space entity', `<iframe src="&#x20;https://www.youtube.com/embed/${YT}"></iframe>`],
    ['newline inside the host', `<iframe src="https://www.you&#10;tube.com/embed/${YT}"></iframe>`],
    ['data: src', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['http instead of https', `<iframe src="http://www.youtube.com/embed/${YT}"></iframe>`],
    ['protocol-relative', `<iframe src="//www.youtube.com/embed/${YT}"></iframe>`],
    ['protocol-relative evil', '<iframe src="//evil.example/embed"></iframe>'],
    ['host look-alike', `<iframe src="https://www.youtube.com.evil.example/embed/${YT}"></iframe>`],
    ['userinfo', `<iframe src="https://www.youtube.com@evil.example/embed/${YT}"></iframe>`],
    ['userinfo on an allowed host', `<iframe src="https://a:b@www.youtube.com/embed/${YT}"></iframe>`],
    ['port', `<iframe src="https://www.youtube.com:444/embed/${YT}"></iframe>`],
    ['trailing dot host', `<iframe src="https://www.youtube.com./embed/${YT}"></iframe>`],
    ['unknown host', '<iframe src="https://evil.example/embed/x"></iframe>'],
    [
      'allowed host, unrecognised path',
      '<iframe src="https://www.youtube.com/redirect?q=https://evil.example"></iframe>',
    ],
    ['short link host', `<iframe src="https://youtu.be/${YT}"></iframe>`],
    ['no src', '<iframe></iframe>'],
    [
      'two iframes',
      `<iframe src="https://www.youtube.com/embed/${YT}"></iframe><iframe src="https://www.youtube.com/embed/${YT}"></iframe>`,
    ],
    ['leading script', `<script>alert(1)</script><iframe src="https://www.youtube.com/embed/${YT}"></iframe>`],
    ['leading style', `<style>body{}</style><iframe src="https://www.youtube.com/embed/${YT}"></iframe>`],
    ['text around', `see <iframe src="https://www.youtube.com/embed/${YT}"></iframe>`],
    ['two wrappers', `<div><div><iframe src="https://www.youtube.com/embed/${YT}"></iframe></div></div>`],
    ['embed tag', '<embed src="https://www.youtube.com/v/x">'],
    ['object tag', '<object data="https://www.youtube.com/embed/x"></object>'],
    ['img with onerror', '<img src=x onerror=alert(1)>'],
    ['svg', '<svg><script>alert(1)</script></svg>'],
    [
      'content inside the iframe',
      `<iframe src="https://www.youtube.com/embed/${YT}"><script>alert(1)</script></iframe>`,
    ],
    ['oversized', `<iframe src="https://www.youtube.com/embed/${YT}"></iframe>${' '.repeat(20_000)}x`],
  ])('%s', (_name, code) => {
    expect(parseEmbedCode(code)).toEqual(REJECTED);
  });
});
