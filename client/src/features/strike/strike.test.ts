import { describeMarkCapability } from '../../editor/test-editor';
import { strike } from './index';

describeMarkCapability(strike, 'strike', 's');
