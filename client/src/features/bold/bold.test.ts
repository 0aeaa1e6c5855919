import { describeMarkCapability } from '../../editor/test-editor';
import { bold } from './index';

describeMarkCapability(bold, 'bold', 'strong');
