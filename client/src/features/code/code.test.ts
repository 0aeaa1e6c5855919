import { describeMarkCapability } from '../../testing/test-editor';
import { code } from './index';

describeMarkCapability(code, 'code', 'code');
