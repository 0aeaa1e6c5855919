import { describeMarkCapability } from '../../editor/test-editor';
import { italic } from './index';

describeMarkCapability(italic, 'italic', 'em');
