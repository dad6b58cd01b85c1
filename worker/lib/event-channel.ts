// Turns a callback producer (emit(event) …) into an async iterable for a streamed response.
export const eventChannel = <T>(produce: (emit: (event: T) => Promise<void>) => Promise<unknown>) => {
  const buffer: T[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: unknown = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  void produce(async (event) => {
    buffer.push(event);
    notify();
  }).then(
    () => {
      finished = true;
      notify();
    },
    (error: unknown) => {
      failure = error ?? new Error("run failed");
      finished = true;
      notify();
    },
  );
  return (async function* () {
    for (;;) {
      while (buffer.length) yield buffer.shift() as T;
      if (finished) {
        if (failure) throw failure;
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  })();
};
