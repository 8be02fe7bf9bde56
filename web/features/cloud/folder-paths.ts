import type { CloudFolderNode } from '../../../contracts/cloud';

/** The names from "My files" down to each folder of the tree, by folder id (the search table's "where"). */
export function folderPaths(tree: CloudFolderNode, rootName: string): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const walk = (node: CloudFolderNode, path: string[]) => {
    paths.set(node.id, path);
    for (const child of node.data) {
      walk(child, [...path, child.name]);
    }
  };
  walk(tree, [rootName]);
  return paths;
}

/** "Meine Dateien › Kurse › 2026"; a long path keeps its first and its last two folders. */
export function pathText(path: readonly string[]): string {
  const shown = path.length > 4 ? [path[0]!, '…', ...path.slice(-2)] : path;
  return shown.join(' › ');
}
