import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidInput } from '../http/errors.js';
import { passwordToStore } from '../users/password-input.js';
import {
  customDataBody,
  profileBody,
  setPasswordBody,
  suspensionBody,
  userIdParams,
  userProfile,
  userResponse,
} from '../users/users.schemas.js';
import * as users from '../users/users.service.js';
import { mutate } from '../webhooks/mutation.js';
import { errorResponses, jsonObject } from '../http/route-schemas.js';

const tags = ['Users'];
const params = userIdParams;

/** The single-purpose user updates: custom data, profile, password (hashed before the transaction opens) and suspension. */
export const userAttributesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/users/:userId/custom-data',
    {
      schema: {
        tags,
        summary: 'Merge members into the custom data of a user',
        params,
        body: customDataBody,
        response: { 200: jsonObject, ...errorResponses(400, 404) },
      },
    },
    (request) =>
      mutate(request, 200, (trx, events) =>
        users.mergeCustomData(trx, events, request.params.userId, request.body.customData),
      ),
  );

  app.patch(
    '/users/:userId/profile',
    {
      schema: {
        tags,
        summary: 'Merge members into the profile of a user',
        params,
        body: profileBody,
        response: { 200: userProfile, ...errorResponses(400, 404) },
      },
    },
    (request) =>
      mutate(request, 200, (trx, events) =>
        users.mergeProfile(trx, events, request.params.userId, request.body.profile),
      ),
  );

  app.patch(
    '/users/:userId/password',
    {
      schema: {
        tags,
        summary:
          'Set the password of a user: `password`, or an imported `passwordDigest` with `passwordAlgorithm`',
        params,
        body: setPasswordBody,
        response: { 200: userResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const stored = await passwordToStore(request.body);
      if (!stored) throw invalidInput('Invalid body: `password` or `passwordDigest` is required.');
      return mutate(request, 200, (trx, events) =>
        users.setPasswordHash(trx, events, request.params.userId, stored.hash, stored.algorithm),
      );
    },
  );

  app.patch(
    '/users/:userId/is-suspended',
    {
      schema: {
        tags,
        summary: 'Suspend or reactivate a user; suspension ends their sessions and refresh tokens',
        params,
        body: suspensionBody,
        response: { 200: userResponse, ...errorResponses(400, 404, 422) },
      },
    },
    (request) =>
      mutate(request, 200, (trx, events) =>
        users.setSuspended(trx, events, request.params.userId, request.body.isSuspended),
      ),
  );
};
