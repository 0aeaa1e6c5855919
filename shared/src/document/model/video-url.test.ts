import { describe, expect, it } from 'vitest';
import { VideoLimits } from '@shared/limits';
import { canonicalEmbedSrc, cleanFileSrc, parseStartTime, parseVideoUrl } from './video-url';

const YT = 'dQw4w9WgXcQ';
const nocookie = (query = '') => `https://www.youtube-nocookie.com/embed/${YT}${query}`;

describe('parseVideoUrl: YouTube', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${YT}`, nocookie()],
    [`https://youtube.com/watch?v=${YT}&list=PL123&index=2`, nocookie()],
    [`https://m.youtube.com/watch?v=${YT}`, nocookie()],
    [`http://www.youtube.com/watch?feature=share&v=${YT}`, nocookie()],
    [`https://youtu.be/${YT}`, nocookie()],
    [`https://youtu.be/${YT}?si=abcDEF`, nocookie()],
    [`https://www.youtube.com/shorts/${YT}`, nocookie()],
    [`https://www.youtube.com/embed/${YT}`, nocookie()],
    [`https://www.youtube.com/embed/${YT}?autoplay=1&rel=0`, nocookie()],
    [`https://www.youtube-nocookie.com/embed/${YT}`, nocookie()],
    [`https://www.youtube.com/live/${YT}`, nocookie()],
    [`https://youtu.be/${YT}?t=42`, nocookie('?start=42')],
    [`https://youtu.be/${YT}?t=42s`, nocookie('?start=42')],
    [`https://www.youtube.com/watch?v=${YT}&t=1m30s`, nocookie('?start=90')],
    [`https://www.youtube.com/watch?v=${YT}&t=1h2m3s`, nocookie('?start=3723')],
    [`https://www.youtube.com/embed/${YT}?start=15`, nocookie('?start=15')],
    [`https://youtu.be/${YT}?t=abc`, nocookie()],
    [`youtu.be/${YT}`, nocookie()],
    [`www.youtube.com/watch?v=${YT}`, nocookie()],
    [`  https://youtu.be/${YT}  `, nocookie()],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${YT}`, nocookie()],
  ])('%s → %s', (input, src) => {
    expect(parseVideoUrl(input)).toEqual({ ok: true, kind: 'iframe', src });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${YT}x`,
    'https://www.youtube.com/watch?v=dQw4w9WgX%3C',
    `https://www.youtube.com/watch?x=${YT}`,
    `https://youtu.be/${YT}/extra`,
    `https://www.youtube.com/embed/${YT}/x`,
    `https://www.youtube.com/user/${YT}`,
    `https://www.youtube.com.evil.example/watch?v=${YT}`,
    `https://evilyoutube.com/watch?v=${YT}`,
    `https://youtube.com@evil.example/watch?v=${YT}`,
    `https://user:pw@www.youtube.com/watch?v=${YT}`,
    `javascript:alert(1)//youtu.be/${YT}`,
    `ftp://youtu.be/${YT}`,
    `https://you tu.be/${YT}`,
    `https://youtu.be/\t${YT}`,
  ])('refuses %s', (input) => {
    expect(parseVideoUrl(input)).toEqual({ ok: false, error: 'VIDEO_URL_UNSUPPORTED' });
  });
});

describe('parseVideoUrl: Vimeo and Dailymotion', () => {
  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?dnt=1&h=abc123def0'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://player.vimeo.com/video/76979871?h=abc123&autoplay=1',
      'https://player.vimeo.com/video/76979871?dnt=1&h=abc123',
    ],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/showcase/12345/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/groups/shortfilms/videos/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://www.dailymotion.com/video/x8abc12', 'https://geo.dailymotion.com/player.html?video=x8abc12'],
    ['https://dailymotion.com/video/x2jvvep_some-title_news', 'https://geo.dailymotion.com/player.html?video=x2jvvep'],
    ['https://dai.ly/x8abc12', 'https://geo.dailymotion.com/player.html?video=x8abc12'],
    ['https://www.dailymotion.com/embed/video/x8abc12', 'https://geo.dailymotion.com/player.html?video=x8abc12'],
    ['https://geo.dailymotion.com/player.html?video=x8abc12', 'https://geo.dailymotion.com/player.html?video=x8abc12'],
    [
      'https://geo.dailymotion.com/player/xabc1.html?video=x8abc12',
      'https://geo.dailymotion.com/player.html?video=x8abc12',
    ],
  ])('%s → %s', (input, src) => {
    expect(parseVideoUrl(input)).toEqual({ ok: true, kind: 'iframe', src });
  });

  it.each([
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/abc',
    'https://vimeo.com/76979871/NOT-A-HASH',
    'https://vimeo.com/event/12345',
    'https://player.vimeo.com/video/abc',
    'https://player.vimeo.com/video/1?h=%22onload',
    'https://www.dailymotion.com/video/',
    'https://www.dailymotion.com/video/<script>',
    'https://dai.ly/a',
    'https://geo.dailymotion.com/player.html?video=javascript:alert(1)',
    'https://www.dailymotion.com.evil.example/video/x8abc12',
  ])('refuses %s', (input) => {
    expect(parseVideoUrl(input).ok).toBe(false);
  });
});

describe('parseVideoUrl: direct files and everything else', () => {
  it.each([
    ['https://cdn.example.org/clip.mp4', 'https://cdn.example.org/clip.mp4'],
    ['http://cdn.example.org/a/b/clip.WEBM?x=1', 'http://cdn.example.org/a/b/clip.WEBM?x=1'],
    ['https://h.example/movie.ogv', 'https://h.example/movie.ogv'],
    ['https://h.example/sound.ogg', 'https://h.example/sound.ogg'],
    ['https://h.example/song.mp3#t=10', 'https://h.example/song.mp3#t=10'],
    ['cdn.example.org/clip.mp4', 'https://cdn.example.org/clip.mp4'],
  ])('%s is a file', (input, src) => {
    expect(parseVideoUrl(input)).toEqual({ ok: true, kind: 'file', src });
  });

  it.each([
    '',
    '   ',
    'https://example.com/watch?v=abc',
    'https://example.com/page',
    'https://example.com/clip.mp4.html',
    'https://example.com/clip.mkv',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)//.mp4',
    'data:video/mp4;base64,AAAA',
    'blob:https://example.com/1234',
    'file:///etc/passwd.mp4',
    'https://user@example.com/clip.mp4',
    `https://example.com/${'a'.repeat(2100)}.mp4`,
    'not a url',
  ])('refuses %j', (input) => {
    expect(parseVideoUrl(input)).toEqual({ ok: false, error: 'VIDEO_URL_UNSUPPORTED' });
  });

  it('every embed it produces is on the host allowlist', () => {
    const hosts: readonly string[] = VideoLimits.embedHosts;
    for (const input of [`youtu.be/${YT}`, 'vimeo.com/1', 'dai.ly/x8abc12']) {
      const result = parseVideoUrl(input);
      expect(result.ok && hosts.includes(new URL(result.src).hostname)).toBe(true);
    }
  });
});

describe('start times and stored addresses', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['2m', 120],
    ['1h', 3600],
    ['1h0m5s', 3605],
    ['0', 0],
    ['-5', 0],
    ['1.5', 0],
    ['999999', 0],
    [null, 0],
  ])('parseStartTime(%j) = %d', (input, seconds) => {
    expect(parseStartTime(input)).toBe(seconds);
  });

  it('keeps only recognised https embeds on allowed hosts, canonically', () => {
    expect(canonicalEmbedSrc(`https://www.youtube.com/embed/${YT}?wmode=opaque&rel=0`)).toBe(nocookie());
    expect(canonicalEmbedSrc('https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com/video/1?dnt=1');
    expect(canonicalEmbedSrc(`http://www.youtube.com/embed/${YT}`)).toBeNull();
    expect(canonicalEmbedSrc(`https://youtu.be/${YT}`)).toBeNull();
    expect(canonicalEmbedSrc(`https://www.youtube.com:8443/embed/${YT}`)).toBeNull();
    expect(canonicalEmbedSrc(`//www.youtube.com/embed/${YT}`)).toBeNull();
    expect(canonicalEmbedSrc('https://evil.example/embed/x')).toBeNull();
    expect(canonicalEmbedSrc(42)).toBeNull();
  });

  it('keeps http(s) and our /uploads/ paths for files', () => {
    expect(cleanFileSrc('https://h/uploads/a.webm')).toBe('https://h/uploads/a.webm');
    expect(cleanFileSrc('/uploads/a.webm')).toBe('/uploads/a.webm');
    expect(cleanFileSrc('//evil.example/a.mp4')).toBeNull();
    expect(cleanFileSrc('javascript:alert(1)')).toBeNull();
    expect(cleanFileSrc('data:video/mp4;base64,AA')).toBeNull();
    expect(cleanFileSrc('blob:https://h/1')).toBeNull();
    expect(cleanFileSrc('https://h/a b.mp4')).toBeNull();
  });
});
