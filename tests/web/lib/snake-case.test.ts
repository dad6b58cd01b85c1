import { describe, expect, it } from "vitest";
import { snakeCaseKeys, toSnakeKey } from "../../../web/lib/snake-case";

describe("snakeCaseKeys", () => {
  it("converts nested camelCase keys to snake_case", () => {
    expect(
      snakeCaseKeys({
        colorSchema: "Dark",
        parserConfig: { chunkTokenNum: 512, raptor: { useRaptor: true } },
        list: [{ topN: 6 }],
      }),
    ).toEqual({
      color_schema: "Dark",
      parser_config: { chunk_token_num: 512, raptor: { use_raptor: true } },
      list: [{ top_n: 6 }],
    });
  });

  it("leaves img2txt_id and FormData alone", () => {
    expect(toSnakeKey("img2txt_id")).toBe("img2txt_id");
    const form = new FormData();
    form.set("fileName", "a.txt");
    expect(snakeCaseKeys(form)).toBe(form);
  });
});
