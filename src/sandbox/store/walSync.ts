/**
 * Group commit for a SQLite database in WAL mode with synchronous=NORMAL: commits write the WAL
 * without syncing it, and whoever must not answer before its commit is on disk awaits
 * `durable()`. One fsync of the WAL file, run on libuv's thread pool (the event loop keeps
 * serving), started after the event-loop turn in which it was asked for, covers every commit made
 * before it started; callers that arrive while one is running share the next (up to MAX_RUNNING
 * run at once). On Linux an fsync on any descriptor of the file flushes all of its dirty pages,
 * and SQLite itself syncs the WAL before a checkpoint copies it into the database, so a commit
 * that durable() resolved after is on disk whether or not a checkpoint ran in between.
 */
import fs from 'node:fs';

/**
 * fsyncs allowed at once. A second one started while the first runs covers the commits made since,
 * so a request waits about one fsync instead of the rest of the running one plus its own; the
 * file system joins concurrent syncs of one file into the same journal commit where it can.
 */
const MAX_RUNNING = 3;

export class WalSync {
  private fd: number | null = null;
  private running = 0;
  private closed = false;
  private warned = false;
  private scheduled = false;
  private waiting: Array<() => void> = [];
  /** fsyncs done (for tests and the bench). */
  syncs = 0;

  constructor(
    private readonly walPath: string,
    private readonly log: (line: string) => void = () => {},
    /** Runs before an fsync starts (the store commits its open turn there). */
    private readonly beforeSync: () => void = () => {},
  ) {}

  /** Resolves once every commit made before this call is on disk. Never rejects. */
  durable(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** Starts the next fsync after this event-loop turn, so every request read in it shares one. */
  private schedule(): void {
    if (this.scheduled || this.running >= MAX_RUNNING) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.kick();
    });
  }

  private kick(): void {
    if (this.running >= MAX_RUNNING || this.waiting.length === 0) return;
    this.beforeSync();
    if (this.fd === null) {
      try {
        this.fd = fs.openSync(this.walPath, 'r');
      } catch (e) {
        // no WAL file means nothing was written in WAL mode yet: nothing to wait for
        if (!this.warned)
          this.log(`store: cannot open the WAL (${(e as NodeJS.ErrnoException).code}); not syncing`);
        this.warned = true;
        this.release(this.waiting.splice(0));
        return;
      }
    }
    const batch = this.waiting;
    this.waiting = [];
    this.running++;
    fs.fsync(this.fd, (err) => {
      this.running--;
      this.syncs++;
      if (err) this.log(`store: fsync of the WAL failed (${err.code}); answering anyway`);
      this.release(batch);
      if (this.closed) {
        if (this.running === 0) this.closeFd();
      } else if (this.waiting.length > 0) this.schedule();
    });
  }

  private release(batch: Array<() => void>): void {
    for (const r of batch) r();
  }

  /** Releases every waiter; closes the descriptor once no fsync is using it. */
  close(): void {
    this.closed = true;
    this.release(this.waiting.splice(0));
    if (this.running === 0) this.closeFd();
  }

  private closeFd(): void {
    if (this.fd === null) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = null;
  }
}
