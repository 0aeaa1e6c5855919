import { describeMarkCapability } from '../../testing/test-editor';
import { bold } from './index';

describeMarkCapability(bold, 'bold', 'strong');
