import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTOSAVE_DELAY_MS, useAutosave } from "../../../web/features/agents/editor/use-autosave";

afterEach(() => {
  vi.useRealTimers();
});

describe("flow autosave", () => {
  it("saves once, a moment after the last change, and reports unsaved, saving and saved", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save), {
      initialProps: { value: { title: "a" } },
    });
    expect(result.current.state).toBe("saved");

    rerender({ value: { title: "ab" } });
    expect(result.current.state).toBe("unsaved");
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    rerender({ value: { title: "abc" } });
    // an equal value rebuilt is no change
    rerender({ value: { title: "abc" } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: "abc" });
    expect(result.current.state).toBe("saving");
    await act(async () => finish());
    expect(result.current.state).toBe("saved");
  });

  it("shows a failed save and saves at once when asked", async () => {
    vi.useFakeTimers();
    const save = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(true);
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(result.current.state).toBe("failed");
    expect((result.current.lastError() as Error).message).toBe("offline");
    let ok = false;
    await act(async () => {
      ok = await result.current.saveNow();
    });
    expect(ok).toBe(true);
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe("saved");
  });
});
