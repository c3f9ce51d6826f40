import { ErrorResponse, IdParams } from '@platform/contracts';
import {
  ProfessionalListResponse,
  ProfessionalProfileResponse,
  ProfessionalQuery,
  ConnectErrors,
} from '../../contract';
import { notFound, pageOf, type App } from '@platform/service-kit';
import { toProfessional } from '../stores/people-store';
import { maybeActor, optionalUser } from './actor';

export default async function directoryRoutes(app: App) {
  // Open to visitors (the Connect page is public); contact details only as toProfessional allows.
  app.get(
    '/api/connect/professionals',
    {
      preHandler: optionalUser(app),
      schema: {
        tags: ['connect'],
        querystring: ProfessionalQuery,
        response: { 200: ProfessionalListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const viewer = await maybeActor(app, request);
      const { data, total, facets } = await app.people.search(request.query, viewer);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, pageInfo: { page, limit, total }, facets };
    },
  );

  // One professional's page: the same rules as their card (a visitor reads the town only, contact details
  // only for connections or by the person's choice), with their current verified licences.
  app.get(
    '/api/connect/professionals/:id',
    {
      preHandler: optionalUser(app),
      schema: {
        tags: ['connect'],
        params: IdParams,
        response: {
          200: ProfessionalProfileResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const viewer = await maybeActor(app, request);
      const person = await app.people.findListed(request.params.id);
      if (!person)
        throw notFound('This professional is not in the directory.', ConnectErrors.professionalNotFound);
      const [states, credentials] = await Promise.all([
        app.people.connectionStates(viewer?.id, [person.id]),
        app.people.credentialsOf(person.id),
      ]);
      const card = toProfessional(person, viewer, states.get(person.id));
      return { success: true as const, data: { ...card, credentials } };
    },
  );
}
