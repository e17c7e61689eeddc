import { LIST_LIMITS } from '@vgl/shared';
import {
  gameListsQuerySchema,
  listDetailSchema,
  listGameInputSchema,
  listGameParamSchema,
  listInputSchema,
  listItemSchema,
  listNoteInputSchema,
  listOrderInputSchema,
  listParamSchema,
  listSummarySchema,
  noContentSchema,
  publicListsQuerySchema,
  slugParamSchema,
  userListsQuerySchema,
  usernameParamSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { actorOf } from '../auth/auth.guard.js';
import type { ListsService } from './lists.service.js';

const LIMITS = `A member has at most ${LIST_LIMITS.listsPerMember} lists of at most ${LIST_LIMITS.gamesPerList} games each.`;
const PRIVATE = 'A private list is a 404 to everyone but its owner.';

/**
 * Members' lists: /u/{username}/lists/{slug}. Reads are open (a token shows
 * the owner their private lists); writes are the owner's. Likes go through
 * POST /api/like with the list's `_id` ("l" + id), comments through
 * …/lists/{slug}/comments (comments module).
 */
export const listsRoutes =
  (lists: ListsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['lists'];
    const userLists = '/api/users/:username/lists';
    const oneList = `${userLists}/:slug`;
    const oneGame = `${oneList}/games/:gameId`;

    app.get(
      userLists,
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listUserLists',
          summary: 'A member’s lists, last changed first',
          description: `Private lists are included for their owner only. With \`game\`, each list says whether it holds that game (the "Add to list" menu asks for up to ${LIST_LIMITS.listsPerMember} at once).`,
          tags,
          params: usernameParamSchema,
          querystring: userListsQuerySchema,
          response: { 200: pagedList(listSummarySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await lists.ofUser(req.actor, req.params.username, req.query)),
    );

    app.post(
      userLists,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createList',
          summary: 'Make a list',
          description: `The slug is made from the title, unique among your lists, and kept when the title changes. ${LIMITS}`,
          tags,
          params: usernameParamSchema,
          body: listInputSchema,
          response: { 201: listDetailSchema },
        },
      },
      async (req, reply) => reply.code(201).send(await lists.create(actorOf(req), req.params.username, req.body)),
    );

    app.get(
      oneList,
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getList',
          summary: 'A list with its games, in order',
          description: PRIVATE,
          tags,
          params: listParamSchema,
          response: { 200: listDetailSchema },
        },
      },
      async (req) => lists.get(req.actor, req.params.username, req.params.slug),
    );

    app.put(
      oneList,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateList',
          summary: 'Edit your list’s title, description, ranking and visibility',
          description: 'Send the whole form; the slug stays what it was.',
          tags,
          params: listParamSchema,
          body: listInputSchema,
          response: { 200: listDetailSchema },
        },
      },
      async (req) => lists.update(actorOf(req), req.params.username, req.params.slug, req.body),
    );

    app.delete(
      oneList,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deleteList',
          summary: 'Delete your list, with its likes and comments',
          tags,
          params: listParamSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await lists.remove(actorOf(req), req.params.username, req.params.slug);
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${oneList}/games`,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'addListGame',
          summary: 'Add a game to the end of your list',
          description: `201 when added; 200 when the game was already there (it keeps its place; a note given replaces its note). ${LIMITS}`,
          tags,
          params: listParamSchema,
          body: listGameInputSchema,
          response: { 200: listItemSchema, 201: listItemSchema },
        },
      },
      async (req, reply) => {
        const { item, created } = await lists.addGame(actorOf(req), req.params.username, req.params.slug, req.body);
        return reply.code(created ? 201 : 200).send(item);
      },
    );

    app.put(
      oneGame,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'editListNote',
          summary: 'Change the note of a game in your list',
          tags,
          params: listGameParamSchema,
          body: listNoteInputSchema,
          response: { 200: listItemSchema },
        },
      },
      async (req) => lists.setNote(actorOf(req), req.params.username, req.params.slug, req.params.gameId, req.body.note),
    );

    app.delete(
      oneGame,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'removeListGame',
          summary: 'Take a game out of your list',
          tags,
          params: listGameParamSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await lists.removeGame(actorOf(req), req.params.username, req.params.slug, req.params.gameId);
        return reply.code(204).send(null);
      },
    );

    app.put(
      `${oneList}/order`,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'reorderList',
          summary: 'Put your list’s games in a new order',
          description:
            'One call sets the whole order: `games` names every game id of the list once. A list changed since it was read (a game added or taken out) is a 400; concurrent reorders apply one after the other.',
          tags,
          params: listParamSchema,
          body: listOrderInputSchema,
          response: { 200: listDetailSchema },
        },
      },
      async (req) => lists.reorder(actorOf(req), req.params.username, req.params.slug, req.body.games),
    );

    app.get(
      '/api/igdb/games/:slug/lists',
      {
        schema: {
          operationId: 'listGameLists',
          summary: 'Public lists holding a game, most liked first',
          description: 'X-Total-Count says in how many public lists the game is.',
          tags,
          params: slugParamSchema,
          querystring: gameListsQuerySchema,
          response: { 200: pagedList(listSummarySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await lists.ofGame(req.params.slug, req.query.page, req.query.limit)),
    );

    app.get(
      '/api/lists',
      {
        schema: {
          operationId: 'browseLists',
          summary: 'Public lists for Explore: most liked or newest first',
          description: 'Lists with at least one game, by members in good standing.',
          tags,
          querystring: publicListsQuerySchema,
          response: { 200: pagedList(listSummarySchema) },
        },
      },
      async (req, reply) => sendPage(reply, await lists.browse(req.query.sort, req.query.page, req.query.limit)),
    );
  };
