// The JSON object a model wrote in its answer (models wrap it in prose or code fences), or null.
export const jsonObjectIn = (answer: string): Record<string, unknown> | null => {
  const json = answer.match(/\{[\s\S]*\}/)?.[0];
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
