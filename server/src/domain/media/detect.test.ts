import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activeTextKind, asUtf8Text, detectType, isAllowed } from './detect';

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1528)]);
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

describe('detectType', () => {
  it('identifies by content, ignoring the name', async () => {
    const detected = await detectType(await png(), 'not-an-image.pdf');
    expect(detected).toMatchObject({ type: 'png', ext: 'png', mime: 'image/png', image: true });
    expect(await detectType(pdf, 'x.png')).toMatchObject({ type: 'pdf', image: false });
    expect(await detectType(elf, 'x.pdf')).toMatchObject({ type: 'elf' });
  });

  it('uses the name only to pick old Office formats and text types', async () => {
    expect((await detectType(cfb, 'a.doc'))?.type).toBe('doc');
    expect((await detectType(cfb, 'a.xls'))?.mime).toBe('application/vnd.ms-excel');
    expect((await detectType(cfb, 'a.msi'))?.type).toBe('cfb');
    expect((await detectType(Buffer.from('a,b'), 'x.csv'))?.mime).toBe('text/csv; charset=utf-8');
    expect((await detectType(Buffer.from('a,b'), 'x'))?.type).toBe('text');
    expect(await detectType(Buffer.from([0x61, 0xff, 0x41]), 'x.txt')).toBeUndefined();
  });

  it('recognises active text content', async () => {
    expect((await detectType(Buffer.from('<svg onload=alert(1)>'), 'x.txt'))?.type).toBe('svg');
    expect((await detectType(Buffer.from('\ufeff  <!DOCTYPE html><p>'), 'x.md'))?.type).toBe('html');
    expect(activeTextKind('#!/usr/bin/env node')).toBe('script');
    expect(activeTextKind('<?xml version="1.0"?><svg/>')).toBe('svg');
    expect(activeTextKind('just 1 < 2 and a <b>tag</b>')).toBeNull();
  });

  it('checks each kind against its allowlist', async () => {
    const image = await detectType(await png(), 'x');
    expect(isAllowed('image', image)).toBe(true);
    expect(isAllowed('file', image)).toBe(true);
    expect(isAllowed('video', image)).toBe(false);
    const doc = await detectType(pdf, 'x');
    expect(isAllowed('image', doc)).toBe(false);
    expect(isAllowed('file', doc)).toBe(true);
    expect(isAllowed('file', await detectType(elf, 'x'))).toBe(false);
    expect(isAllowed('file', await detectType(cfb, 'x.msi'))).toBe(false);
    expect(isAllowed('file', await detectType(Buffer.from('<svg/>'), 'x.txt'))).toBe(false);
    expect(isAllowed('file', undefined)).toBe(false);
  });

  it('accepts UTF-8 text without NUL only', () => {
    expect(asUtf8Text(Buffer.from('héllo'))).toBe('héllo');
    expect(asUtf8Text(Buffer.from([0x61, 0x00]))).toBeNull();
    expect(asUtf8Text(Buffer.from([0xc3]))).toBeNull();
  });
});
