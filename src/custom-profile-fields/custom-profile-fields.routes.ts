import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../http/route-schemas.js';
import * as service from './custom-profile-fields.service.js';
import {
  createFieldBody,
  customProfileField,
  nameParams,
  sieOrderBody,
  updateFieldBody,
} from './custom-profile-fields.schemas.js';

const tags = ['Custom profile fields'];

/** Logto's custom profile fields: what the registration's "Tell us about yourself" step collects. */
export const customProfileFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/custom-profile-fields',
    {
      schema: {
        tags,
        summary: 'List the custom profile fields, in their sign-in experience order',
        response: { 200: z.array(customProfileField) },
      },
    },
    async () => service.listFields(db),
  );

  app.post(
    '/custom-profile-fields',
    {
      schema: {
        tags,
        summary: 'Create a custom profile field (placed last)',
        body: createFieldBody,
        response: { 201: customProfileField, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const [field] = await service.createFields(db, [request.body]);
      return reply.status(201).send(field!);
    },
  );

  app.post(
    '/custom-profile-fields/batch',
    {
      schema: {
        tags,
        summary: 'Create up to 20 custom profile fields at once: all of them or none',
        body: z.array(createFieldBody).min(1).max(20),
        response: { 201: z.array(customProfileField), ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createFields(db, request.body)),
  );

  app.post(
    '/custom-profile-fields/properties/sie-order',
    {
      schema: {
        tags,
        summary: 'Set the order of custom profile fields in the sign-in experience',
        body: sieOrderBody,
        response: { 200: z.array(customProfileField), ...errorResponses(400) },
      },
    },
    async (request) => service.updateSieOrder(db, request.body.order),
  );

  app.get(
    '/custom-profile-fields/:name',
    {
      schema: {
        tags,
        summary: 'Get a custom profile field by name',
        params: nameParams,
        response: { 200: customProfileField, ...errorResponses(404) },
      },
    },
    async (request) => service.getField(db, request.params.name),
  );

  app.put(
    '/custom-profile-fields/:name',
    {
      schema: {
        tags,
        summary: 'Replace a custom profile field (its name and order stay)',
        params: nameParams,
        body: updateFieldBody,
        response: { 200: customProfileField, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.updateField(db, request.params.name, request.body),
  );

  app.delete(
    '/custom-profile-fields/:name',
    {
      schema: {
        tags,
        summary: 'Delete a custom profile field (values already collected stay on the users)',
        params: nameParams,
        response: { 204: noContent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await service.deleteField(db, request.params.name);
      return reply.status(204).send(null);
    },
  );
};
