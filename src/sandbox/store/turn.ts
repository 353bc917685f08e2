/**
 * Transactions of the sandbox's store, grouped per event-loop turn. The first write of a turn opens
 * one SQLite transaction; each command runs in a savepoint inside it (undone alone when it throws),
 * and the transaction commits once, after the turn (setImmediate), or earlier when something must not
 * wait: an fsync is about to start (walSync.ts beforeSync), a read is about to be answered
 * (commitTurn), the store closes. A placement's order row, balance row and index entries then share
 * their WAL pages and one COMMIT with the other commands of the turn (measured in docs/performance.md).
 *
 * What is seen before the commit: only this process's own code (same connection). Nothing leaves it
 * first: HTTP answers to changes wait for the fsync that follows the commit, other answers commit the
 * turn before they are written, and WebSocket frames about a change are held (afterCommit) until the
 * commit and dropped when the savepoint that raised them is undone.
 *
 * A failed COMMIT (disk full, I/O error) loses the turn's changes while memory (the books, the
 * ledger) already has them: the store is then failed, every later write throws StoreFailedError (503 SERVICE_UNAVAILABLE over HTTP), and the
 * sandbox must be restarted, when it reloads what is on disk. Writing on over a divergence would be
 * worse than stopping.
 */
import type Database from 'better-sqlite3';

/** A write refused after a failed COMMIT (answered 503 SERVICE_UNAVAILABLE over HTTP). */
export class StoreFailedError extends Error {}

export class TurnTransactions {
  private readonly st: Record<
    'begin' | 'commit' | 'rollback' | 'save' | 'release' | 'undo',
    Database.Statement
  >;
  /** The turn's open transaction: frames waiting for its commit. Null when none is open. */
  private turn: { after: Array<() => void> } | null = null;
  private failed: Error | null = null;
  /** Commands running now (savepoints open): the turn cannot commit in the middle of one. */
  private depth = 0;
  /** Turns committed (for tests and the bench). */
  commits = 0;

  constructor(
    private readonly db: Database.Database,
    /** Called when a savepoint or the turn is undone: id reservations made in it are gone. */
    private readonly onUndo: () => void,
    private readonly log: (line: string) => void,
  ) {
    this.st = {
      begin: db.prepare('begin'),
      commit: db.prepare('commit'),
      rollback: db.prepare('rollback'),
      save: db.prepare('savepoint cmd'),
      release: db.prepare('release cmd'),
      undo: db.prepare('rollback to cmd'),
    };
  }

  /** Runs fn in a savepoint of the turn's transaction (opening it if needed). */
  run<T>(fn: () => T): T {
    if (this.failed)
      throw new StoreFailedError(`The store failed to commit (${this.failed.message}); restart the sandbox.`);
    if (!this.db.inTransaction) {
      this.st.begin.run();
      this.turn = { after: [] };
      setImmediate(() => this.commitTurn());
    }
    const mark = this.turn?.after.length ?? 0;
    this.st.save.run();
    this.depth++;
    try {
      const r = fn();
      this.st.release.run();
      return r;
    } catch (e) {
      if (this.db.inTransaction) {
        this.st.undo.run();
        this.st.release.run();
      }
      if (this.turn) this.turn.after.length = mark;
      this.onUndo();
      throw e;
    } finally {
      this.depth--;
    }
  }

  /** Runs fn once the turn's changes are committed (now, when none are pending). */
  afterCommit(fn: () => void): void {
    if (this.turn) this.turn.after.push(fn);
    else fn();
  }

  /** Whether a COMMIT failed: the store refuses writes until the sandbox restarts. */
  get failedCommit(): boolean {
    return this.failed !== null;
  }

  /**
   * Commits the turn's transaction, if one is open, then runs what waited for it. Called from inside a
   * command (a frame sent while it runs), it does nothing: the command's savepoint must stay whole, and
   * the turn commits once the command is done.
   */
  commitTurn(): void {
    const turn = this.turn;
    if (!turn || this.depth > 0) return;
    this.turn = null;
    try {
      this.st.commit.run();
      this.commits++;
    } catch (e) {
      this.failed = e as Error;
      try {
        if (this.db.inTransaction) this.st.rollback.run();
      } catch {
        // the connection is beyond repair; the store stays failed
      }
      this.onUndo();
      this.log(
        `store: COMMIT failed (${(e as Error).message}); this turn's changes are lost and writes are refused until the sandbox restarts (${turn.after.length} frames withheld)`,
      );
      return;
    }
    for (const f of turn.after) {
      try {
        f();
      } catch (err) {
        this.log(`store: delivery after commit failed: ${(err as Error).message}`);
      }
    }
  }
}
