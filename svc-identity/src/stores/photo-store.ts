import { eq, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { IdentityEvents, PHOTO_MAX_BYTES, PHOTO_PATH_PREFIX } from '@platform/contracts';
import { HttpError, imageFormatOf, notFound } from '@platform/service-kit';
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

/** Refuses anything but a JPEG, PNG or WebP image of at most PHOTO_MAX_BYTES, by its content. */
export function checkPhoto(bytes: unknown): { content: Buffer; contentType: string } {
  const format = Buffer.isBuffer(bytes) ? imageFormatOf(bytes) : null;
  if (!format)
    throw new HttpError(415, 'The photo must be a JPEG, PNG or WebP image.', 'auth.photo_not_image');
  const content = bytes as Buffer;
  if (content.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  return { content, contentType: format };
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
