export type ChunkDraft = {
  content: string;
  pages: number[];
  questions?: string[];
  keywords?: string[];
  tags?: string[];
  // tag → weight from the dataset's tag sets
  tagFeatures?: Record<string, number>;
  // the image the chunk shows (image files, figures)
  imageId?: string;
  // what the chunk id is derived from instead of the content (a figure: its image, whatever the model wrote)
  idKey?: string;
  // a child of parent-child chunking: the parent's text, which retrieval returns
  parent?: string;
};

export type ChunkConfig = {
  chunkTokenNum: number;
  delimiter: string;
  overlappedPercent: number;
};
