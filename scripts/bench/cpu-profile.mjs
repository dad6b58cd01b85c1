// A CPU profile of the Worker in `wrangler dev` through its inspector (the Chrome DevTools protocol over
// Node's global WebSocket, Node 22): start() before the load, stop() after it. stop() writes the
// .cpuprofile (open it in Chrome DevTools → Performance) and answers where the time went, per function.
import { writeFileSync } from "node:fs";

const connect = async (inspectorPort) => {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  // miniflare's inspector proxy only accepts local origins
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl, { headers: { Origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(JSON.stringify(message.error)));
    else waiting.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
};

// Self and total time per function (name and place), from the profile's samples.
// `sources`: script text by script id, so each function is shown with its first line (the bundle has no
// names for arrow functions).
export const summarise = (profile, sources = new Map(), top = 30) => {
  const lines = new Map([...sources].map(([scriptId, text]) => [scriptId, text.split("\n")]));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node) => {
    const { functionName, url, lineNumber, scriptId } = node.callFrame;
    const file = url ? url.split("/").at(-1) : "";
    const code = lines.get(scriptId)?.[lineNumber]?.trim().slice(0, 90) ?? "";
    return `${functionName || "(anonymous)"} ${file}${file ? `:${lineNumber + 1}` : ""}${code ? `  ${code}` : ""}`;
  };
  const intervals = profile.timeDeltas ?? [];
  const self = new Map();
  const total = new Map();
  let all = 0;
  profile.samples.forEach((sampleId, i) => {
    const ms = (intervals[i + 1] ?? intervals[i] ?? 0) / 1000;
    all += ms;
    const node = nodes.get(sampleId);
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set();
    for (let id = sampleId; id !== undefined; id = parent.get(id)) {
      const name = label(nodes.get(id));
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const rank = (map) =>
    [...map]
      .toSorted((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: +((100 * ms) / Math.max(all, 1)).toFixed(1) }));
  return { sampledMs: Math.round(all), self: rank(self), total: rank(total) };
};

export const startCpuProfile = async (inspectorPort) => {
  const inspector = await connect(inspectorPort);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 500 });
  await inspector.send("Profiler.start");
  return {
    stop: async (path) => {
      const { profile } = await inspector.send("Profiler.stop");
      await inspector.send("Debugger.enable");
      const sources = new Map();
      const bundles = profile.nodes.filter((node) => node.callFrame.url.endsWith(".js"));
      for (const scriptId of new Set(bundles.map((node) => node.callFrame.scriptId)))
        sources.set(scriptId, (await inspector.send("Debugger.getScriptSource", { scriptId })).scriptSource);
      await inspector.send("Debugger.disable");
      inspector.close();
      writeFileSync(path, JSON.stringify(profile));
      return summarise(profile, sources);
    },
  };
};
