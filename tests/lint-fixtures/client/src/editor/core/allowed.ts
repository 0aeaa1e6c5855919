// The kernel's own files and shared UI: allowed.
export { Icon } from '../ui/icon';
export { capabilitiesOf } from './capability-list';
