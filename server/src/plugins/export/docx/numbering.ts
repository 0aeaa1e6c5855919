import { AlignmentType, LevelFormat, type INumberingOptions } from 'docx';
import type { BulletStyle, NumberStyle } from '../render/lists';

/**
 * Word numbering definitions for the document's lists: one per ordered list (its own counting style and
 * start, so every list counts from its own start) and one per bullet style.
 */

type Definition = INumberingOptions['config'][number];
type Format = (typeof LevelFormat)[keyof typeof LevelFormat];

const FORMATS: Readonly<Record<NumberStyle, Format>> = {
  decimal: LevelFormat.DECIMAL,
  'lower-alpha': LevelFormat.LOWER_LETTER,
  'upper-alpha': LevelFormat.UPPER_LETTER,
  'lower-roman': LevelFormat.LOWER_ROMAN,
  'upper-roman': LevelFormat.UPPER_ROMAN,
  // Word has no Greek counting of its own.
  'lower-greek': LevelFormat.LOWER_LETTER,
};

const BULLETS: Readonly<Record<BulletStyle, string>> = { disc: '•', circle: '◦', square: '▪' };

/** Indentation of list level `level` (twips). */
export const listIndent = (level: number): number => 720 * (level + 1);

const LEVELS = 9;

export class Numbering {
  private readonly definitions: Definition[] = [];
  private readonly bullets = new Map<BulletStyle, string>();

  /** The reference of a new ordered list. */
  ordered(style: NumberStyle, start: number): string {
    const reference = `ol-${this.definitions.length + 1}`;
    this.definitions.push({
      reference,
      levels: Array.from({ length: LEVELS }, (_, level) => ({
        level,
        format: FORMATS[style],
        text: `%${level + 1}.`,
        start,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: listIndent(level), hanging: 360 } } },
      })),
    });
    return reference;
  }

  /** The reference of the bullet lists of a style. */
  bullet(style: BulletStyle): string {
    let reference = this.bullets.get(style);
    if (!reference) {
      reference = `ul-${style}`;
      this.bullets.set(style, reference);
      this.definitions.push({
        reference,
        levels: Array.from({ length: LEVELS }, (_, level) => ({
          level,
          format: LevelFormat.BULLET,
          text: BULLETS[style],
          alignment: AlignmentType.START,
          style: { paragraph: { indent: { left: listIndent(level), hanging: 360 } } },
        })),
      });
    }
    return reference;
  }

  options(): INumberingOptions {
    return { config: this.definitions };
  }
}
