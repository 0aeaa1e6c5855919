import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionCounter } from '../../domain/collab/collab-core';

/*
 * A document's connections counted across instances, for its cap. Each document has a hash in Redis
 * (instance id → that instance's connections); each instance keeps its own field and says it is alive with
 * a key that expires (`tandem:instance:<id>:alive`, renewed every second). Admission is one script, one
 * round trip: it sums the fields of the instances still alive, drops the fields of those whose key expired
 * (a killed instance stops counting within the timeout, whoever checks next, also an instance that started
 * after it died) and, when the sum is under the cap, adds one to its own field. Check and increment are one
 * step, so two instances never both take the last place.
 * Each instance also writes its own fields again every few seconds (the hash expires unless refreshed, and
 * a count missed while Redis was away is corrected). When Redis does not answer, the local count decides:
 * clients of a working instance are not refused because of the bus.
 */

const hashKey = (docId: string): string => `tandem:doc:${docId}:connections`;
const ALIVE_PREFIX = 'tandem:instance:';
const ALIVE_SUFFIX = ':alive';

/** KEYS[1] the hash; ARGV instance id, cap, hash ttl (ms), alive-key prefix and suffix. 1: admitted. */
const ADMIT = `
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local id = fields[i]
  if id == ARGV[1] or redis.call('EXISTS', ARGV[4] .. id .. ARGV[5]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], id)
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** KEYS[1] the hash; ARGV instance id. A field at zero goes. */
const RELEASE = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`;

/** A Lua script sent by its digest; its text only when Redis does not hold it yet (first use, restart, flush). */
class Script {
  private readonly sha: string;
  constructor(private readonly text: string) {
    this.sha = createHash('sha1').update(text).digest('hex');
  }

  run(redis: Redis, key: string, ...args: Array<string | number>): Promise<unknown> {
    return redis.evalsha(this.sha, 1, key, ...args).catch((error: unknown) => {
      if (error instanceof Error && error.message.startsWith('NOSCRIPT')) return redis.eval(this.text, 1, key, ...args);
      throw error;
    });
  }
}

const ADMIT_SCRIPT = new Script(ADMIT);
const RELEASE_SCRIPT = new Script(RELEASE);

export interface RedisConnectionCounterOptions {
  redis: Redis;
  instanceId: string;
  log: FastifyBaseLogger;
  /** How often this instance says it is alive. */
  heartbeatMs?: number;
  /** An instance whose alive key is this old no longer counts (the bus's presence timeout). */
  instanceTimeoutMs?: number;
  /** How often this instance writes its own fields again. */
  refreshMs?: number;
  /** Longest wait for Redis's answer before the local count decides. */
  answerMs?: number;
}

interface Local {
  /** Connections of the document admitted here and not released. */
  count: number;
  /** Commands sent for the document and not answered: a rewrite of the field waits for none. */
  inflight: number;
}

export class RedisConnectionCounter implements ConnectionCounter {
  private readonly docs = new Map<string, Local>();
  private readonly redis: Redis;
  private readonly aliveKey: string;
  private readonly hashTtlMs: number;
  private readonly timers: NodeJS.Timeout[];
  /** Whether the fall-back to local counts was logged (once per outage). */
  private fellBack = false;

  constructor(private readonly opts: RedisConnectionCounterOptions) {
    this.redis = opts.redis;
    this.aliveKey = `${ALIVE_PREFIX}${opts.instanceId}${ALIVE_SUFFIX}`;
    const refreshMs = opts.refreshMs ?? 5_000;
    this.hashTtlMs = refreshMs * 6;
    const heartbeat = setInterval(() => this.heartbeat(), opts.heartbeatMs ?? 1_000);
    const refresh = setInterval(() => this.refresh(), refreshMs);
    heartbeat.unref();
    refresh.unref();
    this.timers = [heartbeat, refresh];
    this.heartbeat();
    // Back after a lost link: what changed meanwhile was counted here only.
    this.redis.on('ready', this.onReady);
  }

  admit(docId: string, _local: number, max: number): Promise<boolean> {
    const local = this.local(docId);
    local.inflight += 1;
    let decided = false;
    let timer: NodeJS.Timeout | undefined;
    const asked = ADMIT_SCRIPT.run(
      this.redis,
      hashKey(docId),
      this.opts.instanceId,
      max,
      this.hashTtlMs,
      ALIVE_PREFIX,
      ALIVE_SUFFIX,
    )
      .then(
        (reply) => {
          if (this.fellBack)
            this.opts.log.info('Redis answers again: connections per document are counted across instances');
          this.fellBack = false;
          return reply === 1;
        },
        (error: unknown) => this.fallBack(error, docId, local, max),
      )
      .finally(() => {
        local.inflight -= 1;
        // An answer after the wait changes nothing here (the refresh corrects the field in Redis).
        if (decided) this.forgetIfIdle(docId, local);
      });
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(
        () => resolve(this.fallBack(new Error('no answer in time'), docId, local, max)),
        this.opts.answerMs ?? 1_000,
      );
    });
    return Promise.race([asked, late]).then((admitted) => {
      clearTimeout(timer);
      decided = true;
      if (admitted) local.count += 1;
      else this.forgetIfIdle(docId, local);
      return admitted;
    });
  }

  release(docId: string): void {
    const local = this.docs.get(docId);
    if (!local) return;
    local.count = Math.max(0, local.count - 1);
    local.inflight += 1;
    RELEASE_SCRIPT.run(this.redis, hashKey(docId), this.opts.instanceId)
      .catch(() => undefined)
      .finally(() => {
        local.inflight -= 1;
        this.forgetIfIdle(docId, local);
      });
  }

  /** Removes this instance from every count (graceful stop, after the core closed its connections). */
  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.redis.off('ready', this.onReady);
    if (this.redis.status !== 'ready') return;
    const pipeline = this.redis.pipeline().del(this.aliveKey);
    for (const docId of this.docs.keys()) pipeline.hdel(hashKey(docId), this.opts.instanceId);
    await pipeline.exec().catch(() => undefined);
  }

  private readonly onReady = (): void => {
    this.heartbeat();
    this.refresh();
  };

  private local(docId: string): Local {
    let local = this.docs.get(docId);
    if (!local) {
      local = { count: 0, inflight: 0 };
      this.docs.set(docId, local);
    }
    return local;
  }

  private forgetIfIdle(docId: string, local: Local): void {
    if (local.count === 0 && local.inflight === 0 && this.docs.get(docId) === local) this.docs.delete(docId);
  }

  /** Redis did not answer: this instance's own count decides, as with one instance. */
  private fallBack(error: unknown, docId: string, local: Local, max: number): boolean {
    if (!this.fellBack) {
      this.fellBack = true;
      this.opts.log.warn(
        { err: error, docId },
        'Redis did not answer: connections per document are counted on this instance only until it does',
      );
    }
    return local.count < max;
  }

  private heartbeat(): void {
    if (this.redis.status !== 'ready') return;
    const timeout = this.opts.instanceTimeoutMs ?? 3_500;
    this.redis.set(this.aliveKey, '1', 'PX', timeout).catch(() => undefined);
  }

  /** Writes this instance's fields again where no command is under way (that would change them next). */
  private refresh(): void {
    if (this.redis.status !== 'ready' || this.docs.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [docId, local] of this.docs) {
      if (local.inflight > 0) continue;
      const key = hashKey(docId);
      if (local.count > 0) pipeline.hset(key, this.opts.instanceId, local.count).pexpire(key, this.hashTtlMs);
      else pipeline.hdel(key, this.opts.instanceId);
      this.forgetIfIdle(docId, local);
    }
    pipeline.exec().catch(() => undefined);
  }
}
