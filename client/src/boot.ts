import { openEarlySocket } from './editor/collab/early-socket';

// Runs before the app's code is downloaded: the document's socket opens and the server answers meanwhile.
openEarlySocket();
