import { describeMarkCapability } from '../../editor/test-editor';
import { underline } from './index';

describeMarkCapability(underline, 'underline', 'u');
