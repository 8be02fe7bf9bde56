import { createElement, type ReactNode } from 'react';
import {
  normaliseRichTextElement,
  richTextVoidTags,
  type RichTextElement,
  type RichTextOptions,
} from '../../../contracts/rich-text';

const htmlNamespace = 'http://www.w3.org/1999/xhtml';
const voidTags: ReadonlySet<string> = new Set(richTextVoidTags);
// The allow-list's attribute names that React spells differently.
const propNames: Readonly<Record<string, string>> = { class: 'className', referrerpolicy: 'referrerPolicy' };

/**
 * Rich text as React elements. The server has sanitized it already; this runs the same allow-list again
 * (`normaliseRichTextElement`) on the browser's own reading of the markup, so even unsanitized input shows
 * nothing outside it. The markup is parsed inside an inert `<template>` (no script runs, nothing loads) and
 * never written with innerHTML: React creates each kept element with its kept attributes.
 */
export function renderRichText(html: string, options: RichTextOptions = {}): ReactNode[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return renderNodes(template.content.childNodes, options, 'n');
}

function renderNodes(nodes: NodeListOf<ChildNode>, options: RichTextOptions, keyPrefix: string): ReactNode[] {
  const rendered: ReactNode[] = [];
  nodes.forEach((node, index) => {
    const key = `${keyPrefix}.${index}`;
    if (node.nodeType === Node.TEXT_NODE) {
      rendered.push(node.textContent);
      return;
    }
    if (!(node instanceof Element)) {
      return;
    }
    const verdict =
      node.namespaceURI === htmlNamespace
        ? normaliseRichTextElement(node.localName, attributesOf(node), options)
        : 'drop';
    if (verdict === 'unwrap') {
      rendered.push(...renderNodes(node.childNodes, options, key));
    } else if (verdict !== 'drop') {
      rendered.push(renderElement(verdict, node, options, key));
    }
  });
  return rendered;
}

function renderElement(
  element: RichTextElement,
  node: Element,
  options: RichTextOptions,
  key: string,
): ReactNode {
  const props: Record<string, string> = { key };
  for (const [name, value] of element.attributes) {
    props[propNames[name] ?? name] = value;
  }
  if (voidTags.has(element.tag)) {
    return createElement(element.tag, props);
  }
  const children =
    element.text === undefined ? renderNodes(node.childNodes, options, key) : element.text || null;
  return createElement(element.tag, props, children);
}

function attributesOf(element: Element): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) {
    attributes[attribute.name] = attribute.value;
  }
  return attributes;
}
