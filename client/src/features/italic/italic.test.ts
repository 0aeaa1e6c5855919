import { describeMarkCapability } from '../../testing/test-editor';
import { italic } from './index';

describeMarkCapability(italic, 'italic', 'em');
