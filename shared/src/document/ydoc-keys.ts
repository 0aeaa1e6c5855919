export { YDocKeys } from '../collab/awareness-user';
