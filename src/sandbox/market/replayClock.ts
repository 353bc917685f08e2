// The replay's position in its recording against the wall clock, for a presenter who pauses,
// changes speed and seeks. Pure: the wall clock is passed in, so a test drives it by hand.
//   position(now) = anchorPos + (now - anchorWall) x speed    while playing
//   wallAt(pos)   = anchorWall + (pos - anchorPos) / speed    the moment a frame at pos is due
// Replayed data is stamped with wallAt(frame time), so the same file, controls and clock give the
// same timestamps, and timestamps only grow (a seek or a loop starts again from "now").

export const MIN_SPEED = 0.1;
export const MAX_SPEED = 50;

export class ReplayClock {
  private anchorPos = 0;
  private anchorWall: number;
  private _speed: number;
  private _paused = false;

  constructor(
    readonly durationMs: number,
    speed: number,
    now: number,
  ) {
    this._speed = clampSpeed(speed);
    this.anchorWall = now;
  }

  get speed(): number {
    return this._speed;
  }

  get paused(): boolean {
    return this._paused;
  }

  /** Position (ms into the recording) at wall time `now`, not clamped to the duration. */
  position(now: number): number {
    if (this._paused) return this.anchorPos;
    return this.anchorPos + Math.max(0, now - this.anchorWall) * this._speed;
  }

  /** When (wall ms) the frame at `pos` is due under the current anchor; never before the anchor. */
  wallAt(pos: number): number {
    return this.anchorWall + Math.max(0, pos - this.anchorPos) / this._speed;
  }

  pause(now: number): void {
    if (this._paused) return;
    this.anchorPos = this.position(now);
    this.anchorWall = now;
    this._paused = true;
  }

  resume(now: number): void {
    if (!this._paused) return;
    this.anchorWall = now;
    this._paused = false;
  }

  setSpeed(speed: number, now: number): void {
    this.anchorPos = this.position(now);
    this.anchorWall = now;
    this._speed = clampSpeed(speed);
  }

  /** Jumps to `pos` (clamped to the recording) from wall time `at`. */
  seek(pos: number, at: number): void {
    this.anchorPos = Math.min(Math.max(0, pos), this.durationMs);
    this.anchorWall = at;
  }
}

export function clampSpeed(x: number): number {
  if (!Number.isFinite(x) || x <= 0) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, x));
}
