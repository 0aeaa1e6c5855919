import { describeBlockCapability } from '../../editor/test-editor';
import { blockquote } from './index';

describeBlockCapability(blockquote, 'blockquote', '<blockquote><p>item</p></blockquote>');
