import { mergeAttributes, Node, type AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionOptions } from '@tiptap/suggestion';
import Link from '@tiptap/extension-link';
import { richTextLinkAttributes, richTextLinkHref, videoEmbed } from '../../../contracts/rich-text';

declare module '@tiptap/core' {
  // Declaration merging: Tiptap's command registry can only be extended through an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Inserts the player of a YouTube, Vimeo or Loom link; any other link inserts nothing. */
      setVideoEmbed: (url: string) => ReturnType;
    };
  }
}

/** The player address of a supported video link, or null. */
function embedSource(value: string | null | undefined): string | null {
  return videoEmbed(value)?.attributes[0]?.[1] ?? null;
}

/** A YouTube, Vimeo or Loom player, written exactly as the allow-list writes it (`contracts/rich-text.ts`). */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (element) => embedSource(element.getAttribute('src')),
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (element) => (embedSource(element.getAttribute('src')) ? null : false),
      },
    ];
  },
  renderHTML({ node }) {
    const embed = videoEmbed(node.attrs.src as string | null);
    return ['iframe', embed ? Object.fromEntries(embed.attributes) : {}];
  },
  addCommands() {
    return {
      setVideoEmbed:
        (url) =>
        ({ commands }) => {
          const src = embedSource(url);
          return src !== null && commands.insertContent({ type: this.name, attrs: { src } });
        },
    };
  },
});

/** Links with the allow-list's schemes only; the new tab and `rel` follow from the address, as on the server. */
const SafeLink = Link.extend({
  addAttributes() {
    return {
      href: {
        default: null,
        parseHTML: (element) => element.getAttribute('href'),
        renderHTML: (attributes) => {
          const href = richTextLinkHref(attributes.href as string | null);
          return href === null ? {} : Object.fromEntries(richTextLinkAttributes(href));
        },
      },
    };
  },
  // Only what the address decides: Link's default options would put their own target and rel first.
  renderHTML({ HTMLAttributes }) {
    return ['a', HTMLAttributes, 0];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  isAllowedUri: (url) => richTextLinkHref(url) !== null,
  shouldAutoLink: (url) => richTextLinkHref(url) !== null,
});

/** Images keep their address, alternative text and title: the attributes the allow-list keeps. */
const CloudImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: null }, title: { default: null } };
  },
}).configure({ inline: false, allowBase64: false });

/** Mentions without the trigger character attribute, which the allow-list does not keep (it is always '@'). */
const ProfileMention = Mention.extend({
  addAttributes() {
    const inherited = this.parent?.() ?? {};
    return {
      ...inherited,
      mentionSuggestionChar: { default: '@', parseHTML: () => '@', renderHTML: () => ({}) },
    };
  },
  renderHTML({ node, HTMLAttributes }) {
    const label = (node.attrs.label as string | null) ?? '';
    return ['span', mergeAttributes({ 'data-type': this.name }, HTMLAttributes), `@${label}`];
  },
});

export type MentionSuggestion = Omit<SuggestionOptions, 'editor'>;

export type RichTextExtensionOptions = {
  placeholder?: string;
  /** The mention popup (items and render); without it `@` is plain text and existing mentions stay. */
  mentionSuggestion?: MentionSuggestion;
};

/** Everything the editor knows, configured to write exactly the markup `sanitizeRichText` keeps. */
export function richTextExtensions(options: RichTextExtensionOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: false,
      codeBlock: { languageClassPrefix: 'language-' },
    }),
    SafeLink,
    CloudImage,
    VideoEmbed,
    ProfileMention.configure({
      HTMLAttributes: {},
      suggestion: options.mentionSuggestion ?? { allow: () => false },
    }),
    Placeholder.configure({ placeholder: options.placeholder ?? '' }),
  ];
}
