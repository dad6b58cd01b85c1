const bytesOfHex = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));

// Plays audio pieces (hex, as RAGFlow's audio_binary) one after another: a message read aloud sentence by sentence.
// `stop` silences the piece playing and drops those waiting.
export const createAudioQueue = () => {
  let generation = 0;
  let chain = Promise.resolve();
  let finishCurrent: (() => void) | null = null;
  let current: HTMLAudioElement | null = null;
  const playOne = (hex: string, queuedIn: number) =>
    new Promise<void>((resolve) => {
      if (queuedIn !== generation) return resolve();
      const url = URL.createObjectURL(new Blob([bytesOfHex(hex)], { type: "audio/mpeg" }));
      const audio = new Audio(url);
      const finish = () => {
        URL.revokeObjectURL(url);
        if (current === audio) [current, finishCurrent] = [null, null];
        resolve();
      };
      [current, finishCurrent] = [audio, finish];
      audio.onended = finish;
      audio.onerror = finish;
      audio.play().catch(finish);
    });
  return {
    enqueue: (hex: string) => {
      const queuedIn = generation;
      chain = chain.then(() => playOne(hex, queuedIn));
    },
    stop: () => {
      generation++;
      current?.pause();
      finishCurrent?.();
      chain = Promise.resolve();
    },
  };
};
