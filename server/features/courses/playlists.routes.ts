import { z } from 'zod';
import { courseAppParamsSchema, courseIdParamsSchema } from '../../../contracts/courses.ts';
import {
  playlistBodySchema,
  playlistLessonBodySchema,
  playlistLessonParamsSchema,
  playlistListSchema,
  playlistResponseSchema,
} from '../../../contracts/courses-progress.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute, type RouteScope } from '../../platform/routes.ts';
import { paramOf } from '../workspace/public.ts';
import type { CourseDeps } from './index.ts';
import { createPlaylistService, loadPlaylistAccess, type PlaylistAccess } from './playlists.service.ts';

const tags = ['courses'];

/** The caller's own playlist of `:id` (404 for anyone else's); the app's abilities decide. */
function playlistScope(db: DbOrTx, param = 'id'): RouteScope<PlaylistAccess> {
  return {
    label: `playlist(:${param})`,
    subjects: ['app'],
    resolve: (request) => loadPlaylistAccess(db, request.actor, paramOf(request, param)),
    abilities: (access) => access.app.can.map((name) => `app:${name}`),
  };
}

/** A member's own playlists of lessons (PLAYLISTS-…): private to them, in one app. */
export function playlistRoutes(deps: CourseDeps) {
  const playlists = createPlaylistService(deps);
  const app = deps.scopes.app();
  const playlist = playlistScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/playlists',
      auth: 'session',
      scope: app,
      ability: 'app:view',
      summary: "The caller's playlists in the app, newest first, each with the lessons they still see",
      tags,
      schema: { params: courseAppParamsSchema, response: { 200: playlistListSchema } },
      handler: async (request) => ({ data: await playlists.list(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/playlists',
      auth: 'session',
      scope: app,
      ability: 'app:view',
      summary: 'Create an empty playlist of lessons (members only)',
      tags,
      schema: {
        params: courseAppParamsSchema,
        body: playlistBodySchema,
        response: { 201: playlistResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await playlists.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/playlists/:id/lessons',
      auth: 'session',
      scope: playlist,
      ability: 'app:view',
      summary: 'Append a lesson of the app to the playlist (again: no change; at most 500)',
      tags,
      schema: {
        params: courseIdParamsSchema,
        body: playlistLessonBodySchema,
        response: { 200: playlistResponseSchema },
      },
      handler: async (request) => ({
        data: await playlists.addLesson(request.access, request.body.lessonId),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/playlists/:id/lessons/:lessonId',
      auth: 'session',
      scope: playlist,
      ability: 'app:view',
      summary: 'Take a lesson out of the playlist',
      tags,
      schema: { params: playlistLessonParamsSchema, response: { 200: playlistResponseSchema } },
      handler: async (request) => ({
        data: await playlists.removeLesson(request.access, request.params.lessonId),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/playlists/:id',
      auth: 'session',
      scope: playlist,
      ability: 'app:view',
      summary: 'Delete the playlist (its lessons stay in their courses)',
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await playlists.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
