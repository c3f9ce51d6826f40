import { ErrorAnswers, FileAnswer, IdParams, MeResponse, PHOTO_MAX_BYTES } from '@platform/contracts';
import { IMAGE_FORMATS, type App } from '@platform/service-kit';
import { preparePhoto, photoTooLarge, type PhotoStore } from '../../stores/photo-store';
import type { UserStore } from '../../stores/user-store';

const secured = { tags: ['user'], security: [{ bearer: [] }] };
const FORMATS = Object.keys(IMAGE_FORMATS);

/** A photo as any image it may be (OpenAPI). */
const photoFile = {
  description: 'the photo',
  content: Object.fromEntries(FORMATS.map((f) => [f, FileAnswer(f, '').content[f]])),
};

/**
 * A person's profile photo: uploaded as raw bytes (`PUT /api/user/me/photo`, a JPEG, PNG or WebP of at
 * most 2 MB by its content, written again without its metadata: preparePhoto), removed (`DELETE`), and
 * served to anyone from our own origin under the address the profile carries. Only ever the caller's own photo: no route takes another person's id.
 */
export default async function photoRoutes(
  app: App,
  { photos, users }: { photos: PhotoStore; users: UserStore },
) {
  app.get(
    '/api/user/photo/:id',
    {
      schema: {
        tags: ['user'],
        description: 'A profile photo, by the address a profile carries (public: directory cards show it).',
        params: IdParams,
        response: { 200: photoFile, ...ErrorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await photos.file(request.params.id);
      // Sent as exactly the image it was recognised as, never sniffed into anything else, and inert even if
      // opened on its own; each upload has its own address, so a browser may keep it a day.
      return reply
        .header('content-type', photo.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'public, max-age=86400')
        .send(photo.content);
    },
  );

  app.delete(
    '/api/user/me/photo',
    {
      preHandler: app.authenticate,
      schema: { ...secured, response: { 200: MeResponse, ...ErrorAnswers(401, 404) } },
    },
    async (request) => {
      const user = await photos.remove(request.user.sub);
      return { success: true as const, message: 'Photo removed.', user: await users.profile(user) };
    },
  );

  await app.register(async (uploads: App) => {
    // Any declared type is read as bytes (this plugin only): the content decides, not the header.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_r, body, done) =>
      done(null, body),
    );
    uploads.put(
      '/api/user/me/photo',
      {
        preHandler: app.authenticate,
        bodyLimit: PHOTO_MAX_BYTES,
        // Refused from the declared length before a byte is read; a chunked body stops at bodyLimit.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES) throw photoTooLarge();
        },
        schema: {
          ...secured,
          consumes: FORMATS,
          response: { 200: MeResponse, ...ErrorAnswers(400, 401, 404, 413, 415) },
        },
      },
      async (request) => {
        const user = await photos.replace(request.user.sub, await preparePhoto(request.body));
        return { success: true as const, message: 'Photo saved.', user: await users.profile(user) };
      },
    );
  });
}
