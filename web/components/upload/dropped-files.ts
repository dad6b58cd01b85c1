// Files of a drop, with folders walked recursively (their relative paths kept), via the entries API.
type Entry = FileSystemEntry;

const readAll = (reader: FileSystemDirectoryReader) =>
  new Promise<Entry[]>((resolve, reject) => {
    const all: Entry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });

const walk = async (entry: Entry, prefix: string): Promise<{ file: File; path: string }[]> => {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return [{ file, path: `${prefix}${file.name}` }];
  }
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
  return (await Promise.all(children.map((child) => walk(child, `${prefix}${entry.name}/`)))).flat();
};

export const droppedFiles = async (transfer: DataTransfer) => {
  const entries = [...transfer.items]
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is Entry => Boolean(entry));
  if (entries.length === 0) return [...transfer.files].map((file) => ({ file, path: file.name }));
  return (await Promise.all(entries.map((entry) => walk(entry, "")))).flat();
};
