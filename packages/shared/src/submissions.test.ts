import { describe, expect, it } from 'vitest';
import { firstFieldErrors } from './schemas/auth.js';
import { gameSubmissionInputSchema } from './schemas/submissions.js';
import { cleanGameName, hasVisibleCharacter, SUBMISSION_MESSAGES, submissionYearMax } from './submissions.js';

const parse = (input: object) => {
  const result = gameSubmissionInputSchema.safeParse(input);
  return result.success ? { data: result.data } : { errors: firstFieldErrors(result.error) };
};

describe('game submission rules', () => {
  it('cleans a name: bidi controls and zero-width characters out, spaces as one, trimmed', () => {
    expect(cleanGameName('  Night\u202E Harbour\u200B\u2066 ')).toBe('Night Harbour');
    expect(cleanGameName('Ōkami\u00a0\u00a0HD')).toBe('Ōkami HD');
    expect(cleanGameName('Tab\tand\nnewline')).toBe('Tab and newline');
    expect(hasVisibleCharacter(cleanGameName('\u200B\u200D\u202E\uFEFF\u3164\u2800'))).toBe(false);
    expect(hasVisibleCharacter(cleanGameName('👾'))).toBe(true);
    expect(hasVisibleCharacter(cleanGameName('ゼルダ'))).toBe(true);
  });

  it('accepts a name alone, and the form’s empty fields as not given', () => {
    expect(parse({ name: ' Night Harbour ', year: '', url: '  ', platforms: ['WIN', 'win'] })).toEqual({ data: { name: 'Night Harbour', year: null, platforms: ['win'], url: null } });
    expect(parse({ name: 'Night Harbour', year: '2024' })).toMatchObject({ data: { year: 2024 } });
  });

  it.each([
    [{}, { name: SUBMISSION_MESSAGES.nameRequired }],
    [{ name: '\u202E\u200B' }, { name: SUBMISSION_MESSAGES.nameInvisible }],
    [{ name: 'x'.repeat(201) }, { name: SUBMISSION_MESSAGES.nameTooLong }],
    [{ name: 'A', year: 1949 }, { year: SUBMISSION_MESSAGES.yearRange(submissionYearMax()) }],
    [{ name: 'A', year: '20x4' }, { year: SUBMISSION_MESSAGES.yearRange(submissionYearMax()) }],
    [{ name: 'A', year: 2000.5 }, { year: SUBMISSION_MESSAGES.yearRange(submissionYearMax()) }],
    [{ name: 'A', url: 'mailto:someone@example.com' }, { url: SUBMISSION_MESSAGES.urlInvalid }],
    [{ name: 'A', url: 'https://' }, { url: SUBMISSION_MESSAGES.urlInvalid }],
    [{ name: 'A', platforms: 'win' }, { platforms: SUBMISSION_MESSAGES.platformsList }],
  ])('%j → %j', (input, errors) => {
    expect(parse(input)).toEqual({ errors });
  });

  it('lets the year run to ten years ahead', () => {
    expect(parse({ name: 'A', year: submissionYearMax() })).toMatchObject({ data: { year: submissionYearMax() } });
    expect(submissionYearMax(new Date(Date.UTC(2026, 0, 1)))).toBe(2036);
  });
});
