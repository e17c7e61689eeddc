import { describe, expect, it } from 'vitest';
import { remoteContentText, remoteNameText } from './federation.sanitize.js';

describe('remote post content as a comment’s plain text', () => {
  it('keeps the words and paragraphs of Mastodon’s HTML, without the leading mentions', () => {
    const html =
      '<p><span class="h-card" translate="no"><a href="https://vgl.example/u/ann" class="u-url mention">@<span>ann</span></a></span> <span class="h-card"><a href="https://vgl.example/u/bob" class="u-url mention">@<span>bob</span></a></span> Loved it&nbsp;&amp; the <em>ending</em>!</p>' +
      '<p>See <a href="https://example.com/a/long/path" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="ellipsis">example.com/a/lo</span><span class="invisible">ng/path</span></a><br />bye</p>';
    expect(remoteContentText(html)).toBe('Loved it & the ending!\n\nSee https://example.com/a/long/path\nbye');
  });

  it('keeps a mention in the middle of the text', () => {
    expect(remoteContentText('<p>Ask <a class="mention" href="https://x.example/@cy">@cy</a> too</p>')).toBe('Ask @cy too');
  });

  it('leaves out a link to the post itself (a VGL review’s “On VGL”), and keeps other links’ text', () => {
    const self = 'https://two.vgl.test/u/bobby/reviews/batman';
    const html = `<p>Review of Batman ★★★★½ 4.5/5</p><p>Tight controls. See <a href="https://example.com/ost">the OST</a>.</p><p><a href="${self.replace('two.vgl.test', 'TWO.vgl.test')}">On VGL</a></p>`;
    expect(remoteContentText(html, 1000, self)).toBe('Review of Batman ★★★★½ 4.5/5\n\nTight controls. See the OST.');
    expect(remoteContentText(html, 1000)).toBe('Review of Batman ★★★★½ 4.5/5\n\nTight controls. See the OST.\n\nOn VGL');
    expect(remoteContentText('<p><a href="not a url">On VGL</a></p>', 1000, self)).toBe('On VGL');
  });

  it('drops scripts, styles and embedded documents, and keeps no markup at all', () => {
    const html = '<script>alert(1)</script><style>*{}</style><p onclick="x()">Hi<iframe src="https://evil.example">inner</iframe><svg><text>svg text</text></svg> <img src=x onerror=alert(1)>there</p><!-- note -->';
    expect(remoteContentText(html)).toBe('Hi there');
    expect(remoteContentText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });

  it('removes invisible and bidi control characters, and gives nothing for an empty post', () => {
    expect(remoteContentText('<p>a\u202Eb\u200Bc</p>')).toBe('abc');
    expect(remoteContentText('<p> <br> </p>')).toBe('');
  });

  it('cuts a long post at a comment’s length, never inside an emoji', () => {
    const cut = remoteContentText(`<p>${'😀'.repeat(2500)}</p>`);
    expect(Array.from(cut)).toHaveLength(2000);
    expect(cut.endsWith('😀…')).toBe(true);
  });

  it('makes a display name one plain line, or null', () => {
    expect(remoteNameText('<b>Alice</b>\n  <i>W.</i>')).toBe('Alice W.');
    expect(remoteNameText('   ')).toBeNull();
    expect(remoteNameText(null)).toBeNull();
  });
});
