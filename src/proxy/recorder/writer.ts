// A gzip-compressed line file written as a stream: lines go through node:zlib into the file, the
// compressed bytes are counted as they reach it (the size shown while recording), and a sync flush
// every flushMs puts what was recorded on disk (a killed proxy leaves a readable file).
import { createWriteStream, type WriteStream } from 'node:fs';
import { constants, createGzip, type Gzip } from 'node:zlib';

export class GzipLineWriter {
  private readonly gz: Gzip;
  private readonly out: WriteStream;
  private readonly timer: NodeJS.Timeout;
  private dirty = false;
  private ended = false;
  /** Compressed bytes handed to the file so far. */
  bytes = 0;
  /** Uncompressed bytes written so far. */
  rawBytes = 0;
  lines = 0;
  error: Error | null = null;

  constructor(
    readonly path: string,
    onError: (e: Error) => void,
    flushMs = 1000,
  ) {
    this.gz = createGzip({ level: 9 });
    this.out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    const fail = (e: Error) => {
      if (this.error) return;
      this.error = e;
      onError(e);
    };
    this.gz.on('data', (c: Buffer) => {
      this.bytes += c.length;
    });
    this.gz.on('error', fail);
    this.out.on('error', fail);
    this.gz.pipe(this.out);
    this.timer = setInterval(() => this.flush(), flushMs);
    this.timer.unref();
  }

  write(line: string): void {
    if (this.ended || this.error) return;
    this.gz.write(`${line}\n`);
    this.rawBytes += Buffer.byteLength(line) + 1;
    this.lines++;
    this.dirty = true;
  }

  /** Pushes what is buffered through to the file (Z_SYNC_FLUSH keeps the stream readable). */
  flush(): void {
    if (!this.dirty || this.ended || this.error) return;
    this.dirty = false;
    this.gz.flush(constants.Z_SYNC_FLUSH);
  }

  /** Ends the gzip stream (trailer written) and closes the file. */
  end(): Promise<void> {
    clearInterval(this.timer);
    if (this.ended) return Promise.resolve();
    this.ended = true;
    return new Promise((resolve) => {
      if (this.error) {
        this.out.destroy();
        resolve();
        return;
      }
      this.out.once('close', () => resolve());
      this.out.once('error', () => resolve());
      this.gz.end();
    });
  }
}
