import type { Context } from '@fedify/fedify';
import type { Fedify } from './federation.fedify.js';

type FedifyObject = InstanceType<Fedify['Note']> | InstanceType<Fedify['Article']>;

/**
 * What a member published (a review's Note, a play's Note, a list's Article)
 * to their followers, public, through the delivery queue: a Create the first
 * time, an Update after (`known`). The caller has recorded it as sent before
 * (its row is the claim two instances would race for); `undo` puts that row
 * back when the activity could not be queued, so the next change tries again.
 */
export async function sendToFollowers(
  f: Fedify,
  ctx: Context<void>,
  { identifier, object, known, at, undo }: { identifier: string; object: FedifyObject; known: boolean; at: number; undo: () => Promise<unknown> },
): Promise<void> {
  const Activity = known ? f.Update : f.Create;
  const activity = new Activity({
    id: new URL(`${object.id!.href}#${known ? `update-${at}` : 'create'}`),
    actor: ctx.getActorUri(identifier),
    to: f.PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(identifier),
    object,
    published: f.Temporal.Instant.fromEpochMilliseconds(at),
  });
  try {
    await ctx.sendActivity({ identifier }, 'followers', activity, { preferSharedInbox: true });
  } catch (err) {
    await undo();
    throw err;
  }
}

/** The Delete (of a Tombstone) of something the member published, to their followers. The caller forgets its record once this is queued. */
export async function sendDeletion(f: Fedify, ctx: Context<void>, { identifier, objectId, at }: { identifier: string; objectId: URL; at: number }): Promise<void> {
  await ctx.sendActivity(
    { identifier },
    'followers',
    new f.Delete({
      id: new URL(`${objectId.href}#delete-${at}`),
      actor: ctx.getActorUri(identifier),
      to: f.PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(identifier),
      object: new f.Tombstone({ id: objectId }),
    }),
    { preferSharedInbox: true },
  );
}
