/**
 * A document with every construct of the rich-text allow-list, exactly as the editor writes it: the server test
 * checks it passes `sanitizeRichText` unchanged, the web test that the editor writes exactly this.
 */
export const sampleMentionId = '0190a6b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b';
export const sampleImage = '/api/cloud/blobs/0190a6b2-1c3d-7e4f-8a9b-0c1d2e3f4a5c/preview.webp';

export const youtubeEmbed =
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube" allow="accelerometer; autoplay; ' +
  'clipboard-write; encrypted-media; fullscreen; gyroscope; picture-in-picture" sandbox="allow-scripts ' +
  'allow-same-origin allow-popups allow-presentation" referrerpolicy="strict-origin-when-cross-origin" ' +
  'loading="lazy"></iframe>';

export const editorSample = [
  '<h2>Heading two</h2><h3>Heading three</h3><h4>Heading four</h4>',
  '<p>Plain, <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s>, <code>a &lt; b</code>, ',
  '<a href="https://example.com/page?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">a link</a>, ',
  '<a href="/groups/g/space">a local link</a>, ',
  '<a href="mailto:team@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a> and ',
  `<span data-type="mention" data-id="${sampleMentionId}" data-label="Anna Berg">@Anna Berg</span>.<br>`,
  'Second line &amp; "quotes" with&nbsp;no-break space.</p>',
  '<ul><li><p>One</p></li><li><p>Two</p><ul><li><p>Nested</p></li></ul></li></ul>',
  '<ol start="3"><li><p>Three</p></li></ol>',
  '<blockquote><p>Quoted</p></blockquote>',
  '<pre><code class="language-ts">const a = 1 &lt; 2;\nconst b = "x";</code></pre>',
  '<hr>',
  `<img src="${sampleImage}" alt="A photo" title="Summer">`,
  youtubeEmbed,
  '<p></p>',
].join('');
