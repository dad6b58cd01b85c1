import { describe, expect, it } from "vitest";
import type { KnowledgeGraph } from "../../../worker/contract/knowledge-graph";
import { hierarchicalCommunities, louvain } from "../../../worker/rag/graph/cluster";
import { communityReportText, communityWeights, parseCommunityReport } from "../../../worker/rag/graph/communities";
import { extractionPrompt, parseExtraction, wantsMoreGleaning } from "../../../worker/rag/graph/extract";
import { mergeExtractions } from "../../../worker/rag/graph/merge";
import { parseResolution, resolutionCandidates, sameAsMap, similarNames } from "../../../worker/rag/graph/resolve";

const node = (id: string, entity_type = "organization", pagerank = 0) => ({
  id,
  entity_name: id,
  entity_type,
  description: "",
  pagerank,
  source_id: [],
});
const edge = (source: string, target: string, weight = 1) => ({
  source,
  target,
  description: "",
  weight,
  source_id: [],
});

describe("graph extraction methods", () => {
  it("ask the light way for relation keywords and the general way for comprehensive descriptions", () => {
    const light = extractionPrompt("Text", ["person"], "light")[0]?.content ?? "";
    const general = extractionPrompt("Text", ["person"], "general")[0]?.content ?? "";
    expect(light).toContain('"keywords"');
    expect(general).not.toContain('"keywords"');
    expect(general).toContain("comprehensive description");
    expect(light).not.toContain("comprehensive description");
  });

  it("ask the ner way for entities alone", () => {
    const ner = extractionPrompt("Text", ["person"], "ner")[0]?.content ?? "";
    expect(ner).toContain("ENTITIES of these types: person");
    expect(ner).toContain('"relations": []');
  });

  it("let a gleaning relate a new entity to one found before, and read the model's yes or no", () => {
    const known = [{ name: "Berlin", type: "geo", description: "" }];
    const answer = JSON.stringify({
      entities: [{ name: "Charité", type: "organization" }],
      relations: [
        { source: "Charité", target: "berlin", keywords: "Ort, Sitz" },
        { source: "Charité", target: "Mars" },
      ],
    });
    expect(parseExtraction(answer, ["geo", "organization"], known)?.relations).toEqual([
      { source: "Charité", target: "berlin", description: "", weight: 1, keywords: ["Ort", "Sitz"] },
    ]);
    expect(parseExtraction(answer, ["geo", "organization"])?.relations).toEqual([]);
    expect(["Y", " y.", '"Yes"'].map(wantsMoreGleaning)).toEqual([true, true, true]);
    expect(["N", "no", "", "Maybe"].map(wantsMoreGleaning)).toEqual([false, false, false, false]);
  });
});

describe("entity resolution", () => {
  it("compares names as RAGFlow does", () => {
    expect(similarNames("ROBERT KOCH-INSTITUT", "ROBERT-KOCH-INSTITUT")).toBe(true);
    expect(similarNames("BERICHT 2023", "BERICHT 2024")).toBe(false);
    expect(similarNames("STIKO", "CHARITÉ")).toBe(false);
    // names in other scripts: shared characters
    expect(similarNames("北京", "北京市")).toBe(true);
    expect(similarNames("北京大学", "北京大學")).toBe(false);
  });

  it("pairs similar names of one type only, and reads the model's verdicts", () => {
    const graph: KnowledgeGraph = {
      nodes: [
        node("ROBERT KOCH-INSTITUT"),
        node("ROBERT-KOCH-INSTITUT"),
        node("ROBERT KOCH INSTITUT", "person"),
        node("STIKO"),
      ],
      edges: [],
    };
    const { pairs, capped } = resolutionCandidates(graph);
    expect(capped).toBe(false);
    expect(pairs).toEqual([{ type: "organization", a: "ROBERT KOCH-INSTITUT", b: "ROBERT-KOCH-INSTITUT" }]);
    const answer =
      'Sure: {"answers": [{"question": 1, "same": true}, {"question": 7, "same": true}, {"question": 1, "same": "yes"}]}';
    expect(parseResolution(answer, pairs)).toEqual(pairs);
    expect(parseResolution('{"answers": [{"question": 1, "same": false}]}', pairs)).toEqual([]);
    expect(parseResolution("Ja, alle gleich.", pairs)).toBeNull();
  });

  it("merges groups of names into the best-ranked one, moving their relations", () => {
    const graph: KnowledgeGraph = {
      nodes: [node("RKI", "organization", 0.5), node("R.K.I."), node("ROBERT KOCH-INSTITUT"), node("BERLIN", "geo")],
      edges: [],
    };
    const sameAs = sameAsMap(graph, [
      { type: "organization", a: "R.K.I.", b: "ROBERT KOCH-INSTITUT" },
      { type: "organization", a: "ROBERT KOCH-INSTITUT", b: "RKI" },
    ]);
    expect(Object.fromEntries(sameAs)).toEqual({ "R.K.I.": "RKI", "ROBERT KOCH-INSTITUT": "RKI" });
    const merged = mergeExtractions(
      [
        {
          chunkId: "c1",
          documentId: "d1",
          extraction: {
            entities: [
              { name: "RKI", type: "organization", description: "Institut." },
              { name: "Berlin", type: "geo", description: "" },
            ],
            relations: [{ source: "RKI", target: "Berlin", description: "Sitz.", weight: 3, keywords: [] }],
          },
        },
        {
          chunkId: "c2",
          documentId: "d2",
          extraction: {
            entities: [
              { name: "Robert Koch-Institut", type: "organization", description: "Bundesinstitut." },
              { name: "R.K.I.", type: "organization", description: "" },
              { name: "Berlin", type: "geo", description: "" },
            ],
            relations: [
              { source: "Berlin", target: "Robert Koch-Institut", description: "Sitz.", weight: 2, keywords: [] },
              { source: "R.K.I.", target: "Robert Koch-Institut", description: "dasselbe", weight: 9, keywords: [] },
            ],
          },
        },
      ],
      sameAs,
    );
    expect(merged.nodes.map((n) => [n.id, n.description, n.source_id])).toEqual([
      ["BERLIN", "", ["d1", "d2"]],
      ["RKI", "Institut.\nBundesinstitut.", ["d1", "d2"]],
    ]);
    // the relation between two names of one entity is gone; the two Sitz relations are one edge
    expect(merged.edges).toEqual([
      { source: "BERLIN", target: "RKI", description: "Sitz.", weight: 5, source_id: ["d1", "d2"] },
    ]);
  });
});

describe("communities", () => {
  const clique = (names: string[], weight = 5) =>
    names.flatMap((a, i) => names.slice(i + 1).map((b) => edge(a, b, weight)));

  it("find two groups joined by one weak relation", () => {
    const links = [
      [0, 1],
      [0, 2],
      [1, 2],
      [3, 4],
      [3, 5],
      [4, 5],
      [2, 3],
    ].map(([a, b]) => ({ a: a as number, b: b as number, weight: 1 }));
    const membership = louvain(6, links);
    expect(membership.slice(0, 3).every((c) => c === membership[0])).toBe(true);
    expect(membership.slice(3).every((c) => c === membership[3])).toBe(true);
    expect(membership[0]).not.toBe(membership[3]);
    expect(louvain(3, [])).toEqual([0, 1, 2]);
  });

  it("cluster large communities again, one level down, and leave single entities out", () => {
    // ten groups of four cliques of five; a group's cliques are tied by two relations each, the groups by one in a
    // ring: in the whole graph each group is one community (20 entities), on its own its cliques are
    const group = (g: number) =>
      Array.from({ length: 4 }, (_c, c) => Array.from({ length: 5 }, (_i, i) => `G${g}C${c}N${i}`));
    const groups = Array.from({ length: 10 }, (_, g) => group(g));
    const ties = (cliques: string[][]) =>
      cliques.flatMap((first, i) =>
        cliques
          .slice(i + 1)
          .flatMap((second) => [edge(first[0] ?? "", second[1] ?? ""), edge(first[2] ?? "", second[3] ?? "")]),
      );
    const ring = groups.map((cliques, g) =>
      edge(cliques[0]?.[4] ?? "", groups[(g + 1) % groups.length]?.[1]?.[4] ?? ""),
    );
    const edges = [
      ...groups.flatMap((cliques) => [...cliques.flatMap((names) => clique(names, 1)), ...ties(cliques)]),
      ...ring,
    ];
    const graph: KnowledgeGraph = { nodes: [...groups.flat(2), "LONE"].map((id) => node(id)), edges };
    const communities = hierarchicalCommunities(graph, 12);
    const sorted = (lists: string[][]) =>
      lists.map((list) => list.toSorted()).toSorted((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
    expect(sorted(communities.filter((c) => c.level === 0).map((c) => c.members))).toEqual(
      sorted(groups.map((cliques) => cliques.flat())),
    );
    expect(sorted(communities.filter((c) => c.level === 1).map((c) => c.members))).toEqual(sorted(groups.flat()));
    expect(communities.flatMap((c) => c.members)).not.toContain("LONE");
    // every group has as many links: all equally heavy
    expect(
      new Set(
        communityWeights(
          graph,
          communities.filter((c) => c.level === 0),
        ),
      ),
    ).toEqual(new Set([1]));
  });

  it("read a report and write it as RAGFlow's community chunk does", () => {
    const parsed = parseCommunityReport(
      '```json\n{"title": " RKI & STIKO ", "summary": "Beide beraten.", "rating": 12, "findings": [{"summary": "Impfung", "explanation": "Die STIKO empfiehlt."}, {}]}\n```',
    );
    expect(parsed).toEqual({
      title: "RKI & STIKO",
      summary: "Beide beraten.",
      rating: 10,
      rating_explanation: "",
      findings: [{ summary: "Impfung", explanation: "Die STIKO empfiehlt." }],
    });
    expect(parseCommunityReport('{"summary": "ohne Titel"}')).toBeNull();
    expect(parseCommunityReport("kein JSON")).toBeNull();
    const report = { ...(parsed as NonNullable<typeof parsed>), entities: ["RKI"], level: 0, weight: 1 };
    expect(communityReportText(report)).toBe("# RKI & STIKO\n\nBeide beraten.\n\n## Impfung\nDie STIKO empfiehlt.");
  });
});
