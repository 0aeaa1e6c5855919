import { describeMarkCapability } from '../../testing/test-editor';
import { strike } from './index';

describeMarkCapability(strike, 'strike', 's');
