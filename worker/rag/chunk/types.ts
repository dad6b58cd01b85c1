// RAGFlow's position_int entry: [page, left, right, top, bottom], in PDF points from the page's top left
export type Position = [number, number, number, number, number];

export type ChunkDraft = {
  content: string;
  pages: number[];
  // where on its PDF pages the chunk's text is (absent or empty for other formats)
  positions?: Position[];
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
