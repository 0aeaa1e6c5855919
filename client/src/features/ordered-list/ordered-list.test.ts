import { describeBlockCapability } from '../../editor/test-editor';
import { orderedList } from './index';

describeBlockCapability(orderedList, 'orderedList', '<ol><li><p>item</p></li></ol>');
