import { eq, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { IdentityEvents, PHOTO_MAX_BYTES, PHOTO_PATH_PREFIX } from '@platform/contracts';
import sharp from 'sharp';
import { HttpError, imageFormatOf, notFound, type ImageFormat } from '@platform/service-kit';
import { outbox, photos, users, type UserRow } from '../db/schema';
import { toEventData, type Db, type Tx } from './user-store';

/** A stored photo as its route sends it. */
export interface PhotoFile {
  contentType: string;
  content: Buffer;
}

export const photoTooLarge = () =>
  new HttpError(413, 'The photo must be at most 2 MB.', 'auth.photo_too_large');

export const photoNotFound = () => notFound('No such photo.', 'auth.photo_not_found');

/** The largest side a stored photo keeps: a directory card shows 56 px, the profile 96 px. */
export const PHOTO_MAX_SIDE = 1024;
/** Larger pictures are refused before decoding (a small file can declare a huge, memory-hungry image). */
const MAX_INPUT_PIXELS = 50_000_000;

const notImage = () =>
  new HttpError(415, 'The photo must be a JPEG, PNG or WebP image.', 'auth.photo_not_image');

/**
 * What is stored of an upload: a JPEG, PNG or WebP by its first bytes (anything else, an HTML or SVG file
 * included, never reaches the decoder), at most PHOTO_MAX_BYTES, then decoded and written again in its own
 * format by sharp (libvips): turned upright, at most PHOTO_MAX_SIDE a side, and without what the camera
 * wrote besides the pixels (EXIF, with the place it was taken, XMP, comments). A file that only starts like
 * an image does not decode and is refused as one that is no image.
 */
export async function preparePhoto(bytes: unknown): Promise<{ content: Buffer; contentType: ImageFormat }> {
  const format = Buffer.isBuffer(bytes) ? imageFormatOf(bytes) : null;
  if (!format) throw notImage();
  const input = bytes as Buffer;
  if (input.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  const output = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
  try {
    const content = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(output[format])
      .toBuffer();
    return { content, contentType: format };
  } catch {
    throw notImage();
  }
}

const photoUrl = (id: string) => `${PHOTO_PATH_PREFIX}${id}`;

/**
 * Profile photos: one per account, stored here, served from our own origin. Every change is the account's
 * own change too (`users.photo`, its version, `identity.user.updated.v1`), so each projection learns the
 * new address through the user events it already follows.
 */
export class PhotoStore {
  constructor(private readonly db: Db) {}

  /** Stores `photo` as the account's photo, replacing the one before (a new address). */
  async replace(userId: string, photo: { content: Buffer; contentType: string }): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      await tx.delete(photos).where(eq(photos.userId, userId));
      const [stored] = await tx
        .insert(photos)
        .values({
          userId,
          contentType: photo.contentType,
          size: photo.content.length,
          content: photo.content,
        })
        .returning({ id: photos.id });
      return setPhoto(tx, user.id, photoUrl(stored!.id));
    });
  }

  /** Removes the account's photo (nothing to remove is no error: the answer is the same). */
  async remove(userId: string): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user.photo) return user;
      await tx.delete(photos).where(eq(photos.userId, userId));
      return setPhoto(tx, user.id, '');
    });
  }

  /** A photo by its id, for anyone: a directory card shows it to visitors too. */
  async file(id: string): Promise<PhotoFile> {
    const [photo] = await this.db
      .select({ contentType: photos.contentType, content: photos.content })
      .from(photos)
      .where(eq(photos.id, id));
    if (!photo) throw photoNotFound();
    return photo;
  }
}

async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.status === 'deleted') throw notFound('Account not found.', 'auth.account_not_found');
  return user;
}

/** The account's new photo address, its version and its event, in the caller's transaction. */
export async function setPhoto(tx: Tx, userId: string, photo: string): Promise<UserRow> {
  const [u] = await tx
    .update(users)
    .set({ photo, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u!)));
  return u!;
}
