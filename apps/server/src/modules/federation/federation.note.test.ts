import { describe, expect, it } from 'vitest';
import { noteDigest, noteFields, ratingText } from './federation.note.js';
import type { PublicReviewRow } from './federation.repo.js';

const row = (overrides: Partial<PublicReviewRow> = {}): PublicReviewRow => ({
  entry_id: 1,
  user_id: 2,
  username: 'Ann',
  game_name: 'Tom & Jerry <Remastered>',
  game_slug: 'tom-and-jerry',
  cover_image_id: null,
  rating: 7,
  review: 'Fine.',
  review_slug: 'tom-and-jerry',
  review_spoilers: 0,
  review_created_at: 1,
  review_updated_at: 1,
  ...overrides,
});

describe('a review as a Mastodon post', () => {
  it('gives the rating in stars and in numbers', () => {
    expect(ratingText(9)).toBe('★★★★½ 4.5/5');
    expect(ratingText(10)).toBe('★★★★★ 5/5');
    expect(ratingText(1)).toBe('½ 0.5/5');
  });

  it('escapes every character of the member’s text and the game’s name', () => {
    const { content } = noteFields('https://vgl.test', row({ review: '<script>alert(1)</script> & *so* good' }));
    expect(content).toBe(
      '<p>Review of <strong>Tom &amp; Jerry &lt;Remastered&gt;</strong> ★★★½ 3.5/5</p><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; <em>so</em> good</p>' +
        '<p><a href="https://vgl.test/u/ann/reviews/tom-and-jerry">On VGL</a></p>',
    );
  });

  it('sends the start of a long review, with a link to the rest, and no rating when there is none', () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const { content } = noteFields('https://vgl.test', row({ review: long, rating: null }));
    expect(content.startsWith('<p>Review of <strong>Tom &amp; Jerry &lt;Remastered&gt;</strong></p><p>word0 word1')).toBe(true);
    expect(content).toContain('…</p><p><a href="https://vgl.test/u/ann/reviews/tom-and-jerry">Read the whole review on VGL</a></p>');
    expect(content).not.toContain('word199');
  });

  it('puts a spoiler review behind a content warning, and changes the digest when what shows changes', () => {
    const plain = noteFields('https://vgl.test', row());
    const spoiler = noteFields('https://vgl.test', row({ review_spoilers: 1 }));
    expect(plain.summary).toBeNull();
    expect(spoiler.summary).toBe('Spoilers: Tom & Jerry <Remastered>');
    expect(noteDigest(spoiler)).not.toBe(noteDigest(plain));
    expect(noteDigest(noteFields('https://vgl.test', row({ review_updated_at: 99 })))).toBe(noteDigest(plain));
  });
});
