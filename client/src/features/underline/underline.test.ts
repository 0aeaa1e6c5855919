import { describeMarkCapability } from '../../testing/test-editor';
import { underline } from './index';

describeMarkCapability(underline, 'underline', 'u');
