import { describeBlockCapability } from '../../testing/test-editor';
import { codeBlock } from './index';

describeBlockCapability(codeBlock, 'codeBlock', '<pre><code>item</code></pre>');
