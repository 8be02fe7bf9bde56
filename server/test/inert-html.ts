import { ElementType, parseDocument } from 'htmlparser2';
import { html as parse5Html, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import {
  richTextAttributes,
  richTextImageSource,
  richTextLinkHref,
  richTextTags,
  videoEmbedOrigins,
} from '../../contracts/rich-text.ts';

/*
 * What "inert" means for rich text that leaves the server (the sanitizer's tests, the XSS corpus through the
 * API): parsed as a browser parses it (parse5) and as sanitize-html's own parser does (htmlparser2), nothing
 * outside the allow-list of contracts/rich-text.ts — no other element or namespace, no comment or doctype, no
 * attribute off the list, no address that could run script or load from elsewhere — and in the raw text every
 * `<` opens an allowed element. Independent of the sanitizer: it reads the allow-list, not the sanitizer's code.
 */

type Parse5Node = DefaultTreeAdapterMap['childNode'];
const allowedTags: ReadonlySet<string> = new Set(richTextTags);
const embedPrefixes = videoEmbedOrigins.map((origin) => `${origin}/`);
/** Markup in raw text that is not one of the allowed elements. */
export const strayMarkup = new RegExp(`<(?!/?(?:${richTextTags.join('|')})[\\s>])[^>]*>?`, 'g');

/** Why an attribute of a parsed element is not inert, or null. */
function attributeProblem(tag: string, name: string, value: string, imageOrigins: readonly string[]) {
  const allowed: readonly string[] = (richTextAttributes as Record<string, readonly string[]>)[tag] ?? [];
  if (/^on/i.test(name) || !allowed.includes(name)) {
    return `<${tag}> carries ${name}="${value}"`;
  }
  if (name === 'href' && richTextLinkHref(value) !== value) {
    return `<${tag}> links to ${value}`;
  }
  if (name === 'src' && tag === 'img' && richTextImageSource(value, imageOrigins) !== value) {
    return `<img> loads ${value}`;
  }
  if (name === 'src' && tag === 'iframe' && !embedPrefixes.some((prefix) => value.startsWith(prefix))) {
    return `<iframe> loads ${value}`;
  }
  return null;
}

/** Everything in `html`, parsed as a browser parses it (parse5), that could run script or load another address. */
export function browserProblems(html: string, imageOrigins: readonly string[]): string[] {
  const problems: string[] = [];
  const visit = (nodes: Parse5Node[], parent: string) => {
    for (const node of nodes) {
      if (node.nodeName === '#text') {
        continue;
      }
      if (!('tagName' in node)) {
        problems.push(`${node.nodeName} inside <${parent}>`);
        continue;
      }
      if (node.namespaceURI !== parse5Html.NS.HTML || !allowedTags.has(node.tagName)) {
        problems.push(`<${node.tagName}> (${node.namespaceURI})`);
      }
      for (const attribute of node.attrs) {
        const problem = attributeProblem(node.tagName, attribute.name, attribute.value, imageOrigins);
        if (problem) {
          problems.push(problem);
        }
      }
      if (node.tagName === 'iframe' && node.childNodes.length > 0) {
        problems.push('<iframe> has content');
      }
      visit(node.childNodes, node.tagName);
    }
  };
  visit(parseFragment(html).childNodes, 'body');
  return problems;
}

/** The same check on htmlparser2's reading, the parser sanitize-html itself uses. */
export function htmlparser2Problems(html: string, imageOrigins: readonly string[]): string[] {
  const problems: string[] = [];
  const visit = (nodes: ReturnType<typeof parseDocument>['children']) => {
    for (const node of nodes) {
      if (node.type === ElementType.Text) {
        continue;
      }
      if (node.type !== ElementType.Tag) {
        problems.push(`a ${node.type} node`);
        continue;
      }
      if (!allowedTags.has(node.name)) {
        problems.push(`<${node.name}>`);
      }
      for (const [name, value] of Object.entries(node.attribs)) {
        const problem = attributeProblem(node.name, name, value, imageOrigins);
        if (problem) {
          problems.push(problem);
        }
      }
      visit(node.children);
    }
  };
  visit(parseDocument(html).children);
  return problems;
}

/** Every reason `html` is not inert, by both parsers and in the raw text; empty when it is inert. */
export function inertnessProblems(html: string, imageOrigins: readonly string[]): string[] {
  return [
    ...browserProblems(html, imageOrigins),
    ...htmlparser2Problems(html, imageOrigins),
    ...(html.match(strayMarkup) ?? []).map((markup) => `stray markup ${markup}`),
  ];
}
