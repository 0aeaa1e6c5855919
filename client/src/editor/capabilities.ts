import { blockquote } from '../features/blockquote';
import { bold } from '../features/bold';
import { bulletList } from '../features/bullet-list';
import { code } from '../features/code';
import { codeBlock } from '../features/code-block';
import { heading } from '../features/heading';
import { horizontalRule } from '../features/horizontal-rule';
import { italic } from '../features/italic';
import { orderedList } from '../features/ordered-list';
import { strike } from '../features/strike';
import { textStyle } from '../features/text-style';
import { underline } from '../features/underline';
import { undoRedo } from '../features/undo-redo';
import type { Capability } from './capability';

/** Every capability, in toolbar order: the one place a new capability is added. */
export const capabilities: readonly Capability[] = [
  textStyle,
  bold,
  italic,
  underline,
  strike,
  code,
  heading,
  bulletList,
  orderedList,
  blockquote,
  codeBlock,
  horizontalRule,
  undoRedo,
];
