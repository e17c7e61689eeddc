import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import type { FastifyReply } from 'fastify';

/** A paged list answers its items as the body and the total in X-Total-Count (DESIGN "API conventions"). */
export function sendPage<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}
