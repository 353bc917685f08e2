// Short notification tones with WebAudio (no asset files). A machine without an audio device stays
// silent: the toast and the tab title still tell.

export interface Tone {
  /** Hz. */
  freq: number;
  /** Seconds after the call. */
  at: number;
  /** Seconds. */
  length: number;
  wave: OscillatorType;
  volume: number;
}

export function playTones(tones: readonly Tone[]): void {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx || tones.length === 0) return;
    const ctx = new Ctx();
    tones.forEach((tone, i) => {
      const at = ctx.currentTime + tone.at;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.wave;
      osc.frequency.value = tone.freq;
      gain.gain.setValueAtTime(tone.volume, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.length * 0.9);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + tone.length);
      if (i === tones.length - 1) osc.onended = () => void ctx.close();
    });
  } catch {
    /* no audio device */
  }
}
