import { describe, expect, it } from 'vitest';
import { parseArgs, plan } from './bench-collab.mjs';
import { clusterSize, targetArgs } from './bench/collab-harness.mjs';

describe('bench:collab --instances', () => {
  it('adds tandem-xN after our single instance and before the peers, with the scenarios the guard allows', () => {
    const opt = parseArgs(['--instances', '3', '--scenarios', 'fanout,idle,sync,compat']);
    expect(opt.instances).toEqual([3]);
    // Only compat writes a root Y.Text (the model refuses it); --doc-type xml covers fanout, sync and restart.
    expect(plan(opt)).toEqual([
      { target: 'tandem', scenarios: ['fanout', 'idle', 'sync'] },
      { target: 'tandem-noguard', scenarios: ['compat'] },
      { target: 'tandem-x3', scenarios: ['fanout', 'idle', 'sync'] },
      { target: 'y-websocket', scenarios: ['fanout', 'idle', 'sync', 'compat'] },
      { target: 'hocuspocus', scenarios: ['fanout', 'idle', 'sync', 'compat'] },
    ]);
  });

  it('--only tandem-x3 implies --instances 3; counts are deduplicated and checked', () => {
    const opt = parseArgs(['--instances', '3,1', '--only', 'tandem,tandem-x3,y-websocket', '--scenarios', 'fanout']);
    expect(opt.instances).toEqual([1, 3]);
    expect(plan(opt).map((p) => p.target)).toEqual(['tandem', 'tandem-x3', 'y-websocket']);
    expect(parseArgs(['--only', 'tandem-x2']).instances).toEqual([2]);
    expect(() => parseArgs(['--instances', '0'])).toThrow(/--instances/);
    expect(() => parseArgs(['--only', 'tandem-y3'])).toThrow(/unknown target/);
  });

  it('without the flag the plan is unchanged', () => {
    expect(plan(parseArgs([])).map((p) => p.target)).toEqual(['tandem', 'tandem-noguard', 'y-websocket', 'hocuspocus']);
  });

  it('runs the cluster launcher as the server command, guard on, without a persistence command', () => {
    expect(clusterSize('tandem-x3')).toBe(3);
    expect(clusterSize('tandem')).toBeUndefined();
    const args = targetArgs('tandem-x3', '/b/main.js', '--cpu-prof');
    const cmd = args[args.indexOf('--server') + 1];
    expect(cmd).toMatch(
      /^env TANDEM_ADMIN_TOKEN=bench .*TANDEM_COLLAB_GUARD=on node \S+\/scripts\/scale\/cluster\.mjs/,
    );
    expect(cmd).toContain('--port {port} --instances 3 --entry /b/main.js');
    expect(cmd).toContain(`--node-args '--cpu-prof'`);
    expect(args).not.toContain('--server-persist');
    expect(args[args.indexOf('--label') + 1]).toBe('tandem-x3');
  });
});
