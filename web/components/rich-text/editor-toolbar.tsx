import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconCheck,
  IconCode,
  IconHeading,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconQuote,
  IconSourceCode,
  IconStrikethrough,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { ChainedCommands, Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Fragment, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { richTextLinkHref, videoEmbed } from '../../../contracts/rich-text';
import classes from './rich-text-editor.module.css';
import { UrlPopover } from './url-popover';

const headingLevels = [2, 3, 4] as const;

type Toggle = {
  name: 'bold' | 'italic' | 'strike' | 'code' | 'bulletList' | 'orderedList' | 'blockquote' | 'codeBlock';
  icon: Icon;
  /** The shortcut after the modifier key (Tiptap's own bindings). */
  keys: string;
  run: (chain: ChainedCommands) => ChainedCommands;
};

const markToggles: Toggle[] = [
  { name: 'bold', icon: IconBold, keys: 'B', run: (chain) => chain.toggleBold() },
  { name: 'italic', icon: IconItalic, keys: 'I', run: (chain) => chain.toggleItalic() },
  { name: 'strike', icon: IconStrikethrough, keys: 'Shift+S', run: (chain) => chain.toggleStrike() },
  { name: 'code', icon: IconCode, keys: 'E', run: (chain) => chain.toggleCode() },
];

const blockToggles: Toggle[] = [
  { name: 'bulletList', icon: IconList, keys: 'Shift+8', run: (chain) => chain.toggleBulletList() },
  { name: 'orderedList', icon: IconListNumbers, keys: 'Shift+7', run: (chain) => chain.toggleOrderedList() },
  { name: 'blockquote', icon: IconQuote, keys: 'Shift+B', run: (chain) => chain.toggleBlockquote() },
  { name: 'codeBlock', icon: IconSourceCode, keys: 'Alt+C', run: (chain) => chain.toggleCodeBlock() },
];
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** What a person types into the link field, as an address the allow-list keeps ('example.com' → https://…). */
export function linkFromInput(value: string): string | null {
  const text = value.trim();
  if (text === '') {
    return null;
  }
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/');
  const isAddress = /^[^\s/@:]+@[^\s/@]+\.[^\s/@]+$/.test(text);
  return richTextLinkHref(hasScheme ? text : isAddress ? `mailto:${text}` : `https://${text}`);
}

export type ToolbarForm = 'link' | 'video' | null;

type ToolbarProps = {
  editor: Editor;
  /** The id of the writing area the toolbar formats. */
  contentId: string;
  /** Which address form is open (the editor opens the link form on Mod-K too). */
  openForm: ToolbarForm;
  onOpenForm: (form: ToolbarForm) => void;
  onPickImage?: () => void;
  disabled?: boolean;
};

/**
 * The formatting bar: one tab stop (roving tabindex: arrow keys, Home and End move between the buttons), each
 * button named and, for toggles, pressed or not; the tooltip shows the keyboard shortcut.
 */
export function EditorToolbar({
  editor,
  contentId,
  openForm,
  onOpenForm,
  onPickImage,
  disabled = false,
}: ToolbarProps) {
  const { t } = useTranslation();
  // The one button Tab reaches; arrow keys move it.
  const [focusKey, setFocusKey] = useState('bold');
  const barRef = useRef<HTMLDivElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      code: current.isActive('code'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
      heading: headingLevels.find((level) => current.isActive('heading', { level })) ?? 0,
    }),
  });

  const mod = isMac ? '⌘' : t('richText.ctrl');
  const chain = () => editor.chain().focus();
  /** A toolbar button and the tooltip that names it with its shortcut. */
  const control = (
    name: string,
    icon: Icon,
    options: { pressed?: boolean; shortcut?: string; onClick?: () => void; hasPopup?: 'menu' | 'dialog' },
  ) => {
    const IconComponent = icon;
    const label = t(`richText.${name}`);
    const element = (
      <ActionIcon
        variant={options.pressed ? 'light' : 'subtle'}
        color={options.pressed ? undefined : 'gray'}
        size={34}
        aria-label={label}
        aria-pressed={options.pressed}
        aria-haspopup={options.hasPopup}
        tabIndex={name === focusKey ? 0 : -1}
        data-toolbar-item={name}
        onFocus={() => setFocusKey(name)}
        onClick={options.onClick}
        disabled={disabled}
      >
        <IconComponent size={18} stroke={1.8} />
      </ActionIcon>
    );
    return { element, tooltip: options.shortcut ? `${label} (${options.shortcut})` : label };
  };
  // The tooltip goes outside a menu's or popover's target, so the target's ref and handlers reach the button.
  const withTooltip = (
    { element, tooltip }: { element: ReactElement; tooltip: string },
    wrap = (node: ReactElement) => node,
  ) => (
    <Tooltip label={tooltip} openDelay={400} withinPortal>
      {wrap(element)}
    </Tooltip>
  );
  const toggleButton = (toggle: Toggle) => (
    <Fragment key={toggle.name}>
      {withTooltip(
        control(toggle.name, toggle.icon, {
          pressed: state[toggle.name],
          shortcut: `${mod}+${toggle.keys}`,
          onClick: () => toggle.run(chain()).run(),
        }),
      )}
    </Fragment>
  );

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const controls = Array.from(barRef.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? []);
    const current = controls.findIndex((control) => control === document.activeElement);
    if (current < 0) {
      return;
    }
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: controls.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) {
      return;
    }
    event.preventDefault();
    controls[(target + controls.length) % controls.length]?.focus();
  };

  const linkButton = control('link.button', IconLink, {
    pressed: state.link,
    shortcut: `${mod}+K`,
    hasPopup: 'dialog',
    onClick: () => onOpenForm(openForm === 'link' ? null : 'link'),
  });
  const videoButton = control('video.button', IconVideo, {
    hasPopup: 'dialog',
    onClick: () => onOpenForm(openForm === 'video' ? null : 'video'),
  });

  const applyLink = (value: string) => {
    const href = linkFromInput(value);
    onOpenForm(null);
    if (href === null) {
      return;
    }
    if (editor.state.selection.empty && !state.link) {
      chain()
        .insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
  };

  return (
    <div
      ref={barRef}
      role="toolbar"
      aria-label={t('richText.toolbar')}
      aria-controls={contentId}
      className={classes.toolbar}
      onKeyDown={handleKeyDown}
    >
      {markToggles.map(toggleButton)}
      <span className={classes.separator} aria-hidden />
      <Menu position="bottom-start" shadow="md" withinPortal>
        {withTooltip(
          control('heading', IconHeading, { pressed: state.heading > 0, hasPopup: 'menu' }),
          (node) => (
            <Menu.Target>{node}</Menu.Target>
          ),
        )}
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => chain().setParagraph().run()}
            rightSection={state.heading === 0 ? <IconCheck size={14} /> : null}
          >
            {t('richText.paragraph')}
          </Menu.Item>
          {headingLevels.map((level) => (
            <Menu.Item
              key={level}
              onClick={() => chain().toggleHeading({ level }).run()}
              rightSection={state.heading === level ? <IconCheck size={14} /> : null}
            >
              {t(`richText.heading${level}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {blockToggles.map(toggleButton)}
      <span className={classes.separator} aria-hidden />
      <UrlPopover
        opened={openForm === 'link'}
        onOpen={() => onOpenForm('link')}
        onClose={() => onOpenForm(null)}
        target={linkButton}
        label={t('richText.link.label')}
        placeholder="https://"
        submitLabel={t('richText.link.apply')}
        initialValue={state.href}
        validate={(value) => (linkFromInput(value) === null ? t('richText.link.invalid') : null)}
        onSubmit={applyLink}
        remove={
          state.link
            ? {
                label: t('richText.link.remove'),
                onRemove: () => {
                  onOpenForm(null);
                  chain().extendMarkRange('link').unsetLink().run();
                },
              }
            : undefined
        }
        testId="rich-text-link-form"
      />
      {onPickImage
        ? withTooltip(control('image', IconPhoto, { onClick: onPickImage, hasPopup: 'dialog' }))
        : null}
      <UrlPopover
        opened={openForm === 'video'}
        onOpen={() => onOpenForm('video')}
        onClose={() => onOpenForm(null)}
        target={videoButton}
        label={t('richText.video.label')}
        placeholder="https://www.youtube.com/watch?v=…"
        submitLabel={t('richText.video.apply')}
        initialValue=""
        validate={(value) => (videoEmbed(value) === null ? t('richText.video.invalid') : null)}
        onSubmit={(value) => {
          onOpenForm(null);
          chain().setVideoEmbed(value).run();
        }}
        testId="rich-text-video-form"
      />
    </div>
  );
}
