import type { KnownMember, MemberCard } from '@vgl/shared';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a member card adds to its followers line: the library size, and for people you may know, who links you. */
export function memberDetails(member: MemberCard | KnownMember): string[] {
  const details = [count(member.games, 'game', 'games')];
  if ('mutuals' in member) details.push(`followed by ${count(member.mutuals, 'person', 'people')} you follow`);
  return details;
}
