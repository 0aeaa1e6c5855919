import { describeMarkCapability } from '../../editor/test-editor';
import { code } from './index';

describeMarkCapability(code, 'code', 'code');
