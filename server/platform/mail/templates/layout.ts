import type { Language } from '../../../../contracts/language.ts';

export type RenderedMail = { subject: string; text: string; html: string };
export type MailTemplate<Params> = (params: Params, language: Language) => RenderedMail;

/** The product name in mails that do not belong to a branded app. */
export const defaultBrandName = 'Gemeinde';

/**
 * The content of a mail as blocks, rendered once as HTML and once as plain text,
 * so the two parts of a message can never say different things.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; link: string }
  | { kind: 'note'; text: string }
  /** A small line with a plain link (e.g. unsubscribing), below the content. */
  | { kind: 'link'; text: string; label: string; link: string }
  /** A list of lines, each linking somewhere (a digest's items). */
  | { kind: 'items'; items: { text: string; link: string }[] };

export type MailContent = {
  language: Language;
  brandName: string | undefined;
  /** The app's logo (an absolute http(s) address), shown beside its name at the top of the HTML part. */
  logoUrl?: string | undefined;
  subject: string;
  heading: string;
  /** The line mail clients show next to the subject in the inbox. */
  preheader: string;
  blocks: MailBlock[];
};

export function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function formatMinutes(minutes: number, language: Language): string {
  switch (language) {
    case 'de':
      return minutes === 1 ? '1 Minute' : `${minutes} Minuten`;
    case 'en':
      return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
}

export function brandOf(appName: string | undefined): string {
  const name = appName?.trim();
  return name ? name : defaultBrandName;
}

const chrome: Record<
  Language,
  { greeting: string; linkFallback: string; footer: (brand: string) => string }
> = {
  de: {
    greeting: 'Hallo,',
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    footer: (brand) =>
      `Diese E-Mail wurde automatisch von ${brand} versendet. Bitte antworten Sie nicht auf diese Nachricht.`,
  },
  en: {
    greeting: 'Hello,',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footer: (brand) => `This email was sent automatically by ${brand}. Please do not reply to this message.`,
  },
};

export function renderMail(content: MailContent): RenderedMail {
  const brand = brandOf(content.brandName);
  for (const block of content.blocks) {
    // Links come from our own code, but a javascript: or data: URL in a mail would be a phishing tool.
    const links =
      block.kind === 'button' || block.kind === 'link'
        ? [block.link]
        : block.kind === 'items'
          ? block.items.map((item) => item.link)
          : [];
    for (const link of links) {
      if (!/^https?:\/\/\S+$/i.test(link)) {
        throw new Error(`Mail link must be an http(s) URL, got ${JSON.stringify(link.slice(0, 80))}`);
      }
    }
  }
  if (content.logoUrl !== undefined && !/^https?:\/\/\S+$/i.test(content.logoUrl)) {
    throw new Error('Mail logo must be an http(s) URL');
  }
  return {
    // A line break in a subject (e.g. from an app name) would otherwise reach the header folding.
    subject: content.subject.replace(/\s+/g, ' ').trim(),
    text: renderText(content, brand),
    html: renderHtml(content, brand),
  };
}

function renderText(content: MailContent, brand: string): string {
  const copy = chrome[content.language];
  const blocks = content.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
      case 'note':
        return block.text;
      case 'code':
        return `    ${block.code}`;
      case 'button':
        return `${block.label}:\n${block.link}`;
      case 'link':
        return `${block.text} ${block.label}: ${block.link}`;
      case 'items':
        return block.items.map((item) => `- ${item.text}\n  ${item.link}`).join('\n');
    }
  });
  return [copy.greeting, ...blocks, `-- \n${copy.footer(brand)}`].join('\n\n') + '\n';
}

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const textColor = '#1f2933';
const mutedColor = '#6b7280';
const accentColor = '#2f6fed';

function renderBlockHtml(block: MailBlock, language: Language): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${textColor};">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${mutedColor};">${escapeHtml(block.text)}</p>`;
    case 'code':
      return (
        `<p style="margin:8px 0 24px;text-align:center;">` +
        `<span style="display:inline-block;padding:12px 24px;border-radius:8px;background:#f1f4f9;` +
        `font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px;color:${textColor};">` +
        `${escapeHtml(block.code)}</span></p>`
      );
    case 'button': {
      const href = escapeHtml(block.link);
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
        `<td style="border-radius:8px;background:${accentColor};">` +
        `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-family:${font};` +
        `font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${mutedColor};">${escapeHtml(chrome[language].linkFallback)}<br>` +
        `<a href="${href}" target="_blank" rel="noopener" style="color:${accentColor};word-break:break-all;">${href}</a></p>`
      );
    }
    case 'link':
      return (
        `<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:${mutedColor};">${escapeHtml(block.text)} ` +
        `<a href="${escapeHtml(block.link)}" target="_blank" rel="noopener" style="color:${mutedColor};">` +
        `${escapeHtml(block.label)}</a></p>`
      );
    case 'items':
      return (
        `<ul style="margin:0 0 16px;padding:0 0 0 20px;">` +
        block.items
          .map(
            (item) =>
              `<li style="margin:0 0 8px;font-size:16px;line-height:24px;color:${textColor};">` +
              `<a href="${escapeHtml(item.link)}" target="_blank" rel="noopener" style="color:${accentColor};">` +
              `${escapeHtml(item.text)}</a></li>`,
          )
          .join('') +
        `</ul>`
      );
  }
}

/** The name, with the app's logo before it when there is one (an image blocked by the client leaves the name). */
function brandHtml(brand: string, logoUrl: string | undefined): string {
  if (!logoUrl) {
    return escapeHtml(brand);
  }
  return (
    `<img src="${escapeHtml(logoUrl)}" alt="" height="36" style="height:36px;max-width:180px;border:0;` +
    `vertical-align:middle;margin-right:10px;">` +
    `<span style="vertical-align:middle;">${escapeHtml(brand)}</span>`
  );
}

function renderHtml(content: MailContent, brand: string): string {
  const copy = chrome[content.language];
  const body = content.blocks.map((block) => renderBlockHtml(block, content.language)).join('\n');
  // Tables and inline styles because many mail clients ignore <style> and modern layout.
  return `<!DOCTYPE html>
<html lang="${content.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;font-family:${font};">
<tr><td style="padding:0 8px 16px;font-size:18px;font-weight:700;color:${textColor};">${brandHtml(brand, content.logoUrl)}</td></tr>
<tr><td style="padding:32px 28px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb;">
<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;font-weight:700;color:${textColor};">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${textColor};">${escapeHtml(copy.greeting)}</p>
${body}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;line-height:18px;color:${mutedColor};text-align:center;">${escapeHtml(copy.footer(brand))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
