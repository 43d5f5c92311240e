/**
 * The waveform of a recording: the peak of each of `bars` equal slices of its samples (0 to 1,
 * scaled so the loudest bar is full height), drawn as bars on a canvas, the played part in the
 * accent colour.
 */
export function peaksOf(samples: Float32Array, bars: number): number[] {
  const size = Math.max(1, Math.floor(samples.length / bars));
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar += 1) {
    let peak = 0;
    const end = Math.min(samples.length, (bar + 1) * size);
    for (let index = bar * size; index < end; index += 1) {
      const value = Math.abs(samples[index] ?? 0);
      if (value > peak) peak = value;
    }
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks, 0);
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : peaks;
}

export function drawPeaks(canvas: HTMLCanvasElement, peaks: readonly number[], progress: number) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = canvas;
  context.clearRect(0, 0, width, height);
  const bar = width / Math.max(1, peaks.length);
  const dark = document.documentElement.classList.contains('dark');
  peaks.forEach((peak, index) => {
    const barHeight = Math.max(2, peak * (height - 4));
    context.fillStyle = index / peaks.length < progress ? '#ca8a04' : dark ? '#52525b' : '#a8a29e';
    context.fillRect(index * bar + 1, (height - barHeight) / 2, Math.max(1, bar - 2), barHeight);
  });
}
