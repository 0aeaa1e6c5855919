import { extensionsOf, type Capability } from '../../editor/core/capability';
import { textStyle } from './index';

/** A capability bundling the shared textStyle mark (and any others) with the one under test. */
export function withTextStyle(capability: Capability, ...others: Capability[]): Capability {
  return {
    ...capability,
    extensions: (context) => [textStyle, ...others, capability].flatMap((c) => extensionsOf(c, context)),
  };
}
