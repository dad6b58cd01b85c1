export type ChunkDraft = {
  content: string;
  pages: number[];
  questions?: string[];
  keywords?: string[];
  tags?: string[];
};

export type ChunkConfig = {
  chunkTokenNum: number;
  delimiter: string;
  overlappedPercent: number;
};
