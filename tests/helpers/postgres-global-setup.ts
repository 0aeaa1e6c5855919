import type { TestProject } from 'vitest/node';
import { sharedRunDir } from './postgres';

/** Cheap when no test uses PostgreSQL: only a directory; the cluster starts on the first request. */
export default function setup(project: TestProject): () => void {
  const run = sharedRunDir();
  project.provide('tandemPostgresDir', run.dir);
  return run.stop;
}
