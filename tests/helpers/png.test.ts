import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seedColour, solidPng } from './png';

describe('solidPng', () => {
  it('writes a PNG that libvips reads with the size and colour asked for', async () => {
    const { data, info } = await sharp(solidPng(7, 5, '#1e88e5'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: 7, height: 5, channels: 3 });
    for (let i = 0; i < data.length; i += 3) expect([...data.subarray(i, i + 3)]).toEqual([0x1e, 0x88, 0xe5]);
  });

  it('takes short hex and seed colours, and refuses a size or colour it cannot write', async () => {
    const short = await sharp(solidPng(2, 2, '#3a3'))
      .raw()
      .toBuffer();
    expect([...short.subarray(0, 3)]).toEqual([0x33, 0xaa, 0x33]);
    const seeded = await sharp(solidPng(3, 1, seedColour(0x010203)))
      .raw()
      .toBuffer();
    expect([...seeded.subarray(0, 3)]).toEqual([3, 2, 1]);
    expect(() => solidPng(0, 4)).toThrow(/bad PNG size/);
    expect(() => solidPng(4, 4, 'red')).toThrow(/colour/);
  });
});
