import { describeBlockCapability } from '../../editor/test-editor';
import { bulletList } from './index';

describeBlockCapability(bulletList, 'bulletList', '<ul><li><p>item</p></li></ul>');
