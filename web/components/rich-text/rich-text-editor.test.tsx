import { Editor, type JSONContent } from '@tiptap/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizeRichText } from '../../../server/platform/rich-text';
import { editorSample, sampleImage, sampleMentionId } from '../../../server/platform/rich-text-sample';
import { renderWithProviders } from '../../test/render';
import { richTextExtensions } from './editor-extensions';
import { linkFromInput } from './editor-toolbar';
import type { MentionCandidate, RichTextEditorProps } from './editor-types';
import { RichTextEditor } from './index';

type EditorElement = HTMLElement & { editor: Editor };

beforeAll(() => {
  // jsdom lays nothing out: ProseMirror measures ranges to scroll the cursor into view.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
});

/** The Tiptap editor behind the rendered writing area. */
function editorOf(textbox: HTMLElement): Editor {
  return (textbox as EditorElement).editor;
}

function Harness(props: Partial<RichTextEditorProps> & { onHtml: (html: string) => void; initial?: string }) {
  const { onHtml, initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Beitrag"
      placeholder="Was möchten Sie teilen?"
      {...rest}
      value={value}
      onChange={(html) => {
        setValue(html);
        onHtml(html);
      }}
    />
  );
}

async function renderEditor(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onHtml = vi.fn<(html: string) => void>();
  renderWithProviders(<Harness onHtml={onHtml} {...props} />);
  const textbox = await screen.findByRole('textbox', { name: 'Beitrag' });
  return {
    onHtml,
    textbox,
    editor: editorOf(textbox),
    toolbar: screen.getByRole('toolbar', { name: 'Formatierung' }),
  };
}

describe('the editor writes the allow-list exactly', () => {
  it('reads and writes a document with every construct unchanged, and the server keeps it unchanged', () => {
    const editor = new Editor({ extensions: richTextExtensions(), content: editorSample });
    expect(editor.getHTML()).toBe(editorSample);
    expect(sanitizeRichText(editor.getHTML())).toBe(editorSample);
    editor.destroy();
  });

  it('writes markup the server keeps unchanged for a document built in its own model', () => {
    const text = (
      value: string,
      ...marks: Array<string | { type: string; attrs: Record<string, unknown> }>
    ) => ({
      type: 'text',
      text: value,
      marks: marks.map((mark) => (typeof mark === 'string' ? { type: mark } : mark)),
    });
    const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
    const item = (value: string): JSONContent => ({ type: 'listItem', content: [paragraph(text(value))] });
    const editor = new Editor({ extensions: richTextExtensions() });
    editor
      .chain()
      .setContent({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 3 }, content: [text('Title')] },
          paragraph(
            text('bold', 'bold', 'italic'),
            text(' site', { type: 'link', attrs: { href: 'https://example.com' } }),
            text(' here', { type: 'link', attrs: { href: '/groups' } }),
            text(' x', 'underline', 'strike'),
            text('y', 'code'),
            { type: 'mention', attrs: { id: sampleMentionId, label: 'Anna Berg' } },
            { type: 'hardBreak' },
            text('<b>not markup</b> & more'),
          ),
          { type: 'bulletList', content: [item('item')] },
          { type: 'orderedList', attrs: { start: 2 }, content: [item('step')] },
          { type: 'blockquote', content: [paragraph(text('quote'))] },
          { type: 'codeBlock', attrs: { language: 'js' }, content: [text('a < b')] },
          { type: 'horizontalRule' },
          { type: 'image', attrs: { src: sampleImage, alt: 'photo' } },
        ],
      })
      .setTextSelection(1)
      .setVideoEmbed('https://vimeo.com/76979871')
      .run();
    const html = editor.getHTML();
    for (const construct of [
      '<h3>',
      '<strong><em>bold</em></strong>',
      'target="_blank"',
      '<a href="/groups">',
      '<s><u> x</u></s><code>y</code>',
      'data-type="mention"',
      '<br>&lt;b&gt;not markup&lt;/b&gt; &amp; more',
      '<ul>',
      '<ol start="2">',
      '<blockquote>',
      'language-js',
      '<hr>',
      '<img',
      'player.vimeo.com',
    ]) {
      expect(html).toContain(construct);
    }
    expect(sanitizeRichText(html)).toBe(html);
    editor.destroy();
  });

  it('embeds only the three video hosts and refuses unsafe links', () => {
    const editor = new Editor({ extensions: richTextExtensions() });
    expect(editor.commands.setVideoEmbed('https://evil.example/video')).toBe(false);
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    editor.destroy();
    expect(linkFromInput('example.com/page')).toBe('https://example.com/page');
    expect(linkFromInput('team@example.com')).toBe('mailto:team@example.com');
    expect(linkFromInput('/courses/1')).toBe('/courses/1');
    expect(linkFromInput('javascript:alert(1)')).toBeNull();
    expect(linkFromInput('  ')).toBeNull();
  });
});

// Each step re-renders Tiptap, Mantine and a portal; on two shared cores that takes a while.
describe('RichTextEditor', { timeout: 30_000 }, () => {
  it('loads as its own chunk and shows the placeholder in the named writing area', async () => {
    const { textbox } = await renderEditor();
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(textbox.querySelector('[data-placeholder="Was möchten Sie teilen?"]')).not.toBeNull();
  });

  it('has one tab stop in the toolbar and moves between its buttons with the arrow keys, Home and End', async () => {
    const { toolbar } = await renderEditor();
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Fett',
      'Kursiv',
      'Durchgestrichen',
      'Code im Text',
      'Absatzformat',
      'Aufzählung',
      'Nummerierte Liste',
      'Zitat',
      'Codeblock',
      'Link',
      'Video einbetten',
    ]);
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    act(() => buttons[0]!.focus());
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[10]);
    fireEvent.keyDown(buttons[10]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[10]);
    fireEvent.keyDown(buttons[10]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    // The last focused button is the one Tab comes back to.
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[1]]);
  });

  it('formats the selection from the toolbar and says which formats are on', async () => {
    const { toolbar, editor, onHtml } = await renderEditor({ initial: '<p>Hallo Welt</p>' });
    act(() => {
      editor.commands.setTextSelection({ from: 1, to: 6 });
    });
    const bold = within(toolbar).getByRole('button', { name: 'Fett' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    // A toolbar button is a <button>: Enter and Space click it.
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    expect(onHtml).toHaveBeenLastCalledWith('<p><strong>Hallo</strong> Welt</p>');

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Absatzformat' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mittlere Überschrift' }));
    await waitFor(() => expect(onHtml).toHaveBeenLastCalledWith('<h3><strong>Hallo</strong> Welt</h3>'));
  });

  it('adds a link through its form, refusing unsafe addresses, and opens the form with Ctrl+K', async () => {
    const { toolbar, editor, textbox, onHtml } = await renderEditor({ initial: '<p>Zur Seite</p>' });
    act(() => {
      editor.commands.setTextSelection({ from: 5, to: 10 });
    });
    fireEvent.keyDown(textbox, { key: 'k', ctrlKey: true });
    const form = await screen.findByTestId('rich-text-link-form');
    const input = within(form).getByLabelText('Adresse des Links');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Übernehmen' }));
    expect(await within(form).findByText(/Bitte geben Sie eine Webadresse/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() =>
      expect(onHtml).toHaveBeenLastCalledWith(
        '<p>Zur <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">Seite</a></p>',
      ),
    );
    expect(within(toolbar).getByRole('button', { name: 'Link' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('embeds a video from its link and explains which hosts work', async () => {
    const { toolbar, onHtml } = await renderEditor();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Video einbetten' }));
    const form = await screen.findByTestId('rich-text-video-form');
    const input = within(form).getByLabelText('Link zum Video');
    fireEvent.change(input, { target: { value: 'https://example.com/video' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Einbetten' }));
    expect(
      await within(form).findByText('Bitte fügen Sie einen Link von YouTube, Vimeo oder Loom ein.'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Einbetten' }));
    await waitFor(() =>
      expect(onHtml.mock.lastCall?.[0]).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"'),
    );
  });

  it('inserts an image the caller picks, only from our cloud', async () => {
    const pickImage = vi
      .fn<() => Promise<{ src: string; alt?: string } | null>>()
      .mockResolvedValueOnce({ src: 'https://evil.example/x.png' })
      .mockResolvedValueOnce({ src: sampleImage, alt: 'Foto' });
    const { toolbar, onHtml } = await renderEditor({ pickImage });
    const button = within(toolbar).getByRole('button', { name: 'Bild einfügen' });
    fireEvent.click(button);
    expect(await screen.findByText(/Dieses Bild kann hier nicht eingefügt werden/)).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(onHtml.mock.lastCall?.[0]).toContain(`<img src="${sampleImage}" alt="Foto">`));
  });

  it('offers members after @ and inserts the chosen one as a mention', async () => {
    const anna: MentionCandidate = { id: sampleMentionId, label: 'Anna Berg', description: 'Moderatorin' };
    const suggestMentions = vi.fn(async (query: string) => (query === 'An' ? [anna] : []));
    const { editor, textbox, onHtml } = await renderEditor({ suggestMentions });
    act(() => {
      editor.chain().focus().insertContent('Hallo @An').run();
    });
    const menu = await screen.findByTestId('mention-menu');
    // The suggestions arrive a moment after the menu opens.
    expect(
      (await within(menu).findByRole('option', { name: /Anna Berg/ })).getAttribute('aria-selected'),
    ).toBe('true');
    expect(suggestMentions).toHaveBeenLastCalledWith('An');
    fireEvent.keyDown(textbox, { key: 'Enter' });
    await waitFor(() =>
      expect(onHtml.mock.lastCall?.[0]).toBe(
        `<p>Hallo <span data-type="mention" data-id="${sampleMentionId}" data-label="Anna Berg">@Anna Berg</span> </p>`,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('mention-menu')).toBeNull());
  });
});
