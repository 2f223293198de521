import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { usernameSchema } from '@parts/shared/schemas';
import { ConflictError } from '../../domain/errors';
import type { NewUser, StoredUser, UserRepository } from '../../ports/user-repository';
import { keys, stripLayout } from './keys';
import { allocateIds, assertLookupText, isConditionFailed, parseInput, type TableContext } from './support';

const newUserSchema = z.object({
  username: usernameSchema,
  email: z.string().trim().max(254).optional(),
  name: z.string().trim().max(200).optional(),
  isAdmin: z.boolean(),
  passwordHash: z.string().min(1).max(1000),
});

/**
 * Users keyed by their lower-cased username: the key itself is the uniqueness guard, so a
 * conditional put is the whole check (no read-then-write).
 */
export function createUserRepository(ctx: TableContext): UserRepository {
  const { client, tableName: TableName } = ctx;

  const toUser = (item: Record<string, unknown>): StoredUser => {
    const u = stripLayout<StoredUser>(item);
    return {
      id: u.id,
      username: u.username,
      ...(u.email ? { email: u.email } : {}),
      ...(u.name ? { name: u.name } : {}),
      isAdmin: u.isAdmin === true,
      passwordHash: u.passwordHash,
      createdAt: u.createdAt,
    };
  };

  const read = async (username: string) =>
    (await client.send(new GetCommand({ TableName, Key: keys.user(username), ConsistentRead: true }))).Item;

  const itemFor = (id: number, user: z.infer<typeof newUserSchema>, createdAt: string) => ({
    ...keys.user(user.username),
    type: 'user',
    id,
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
    ...(user.name ? { name: user.name } : {}),
    isAdmin: user.isAdmin,
    passwordHash: user.passwordHash,
    createdAt,
  });

  async function createUser(raw: NewUser): Promise<StoredUser> {
    const user = parseInput(newUserSchema, raw);
    const id = await allocateIds(ctx, 'user', 1);
    const item = itemFor(id, user, ctx.now().toISOString());
    try {
      await client.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (err) {
      if (isConditionFailed(err)) throw new ConflictError('Username already exists');
      throw err;
    }
    return toUser(item);
  }

  return {
    createUser,
    getUserByUsername: async (username) => {
      assertLookupText(username, 'username', 200);
      const item = await read(username.trim());
      return item ? toUser(item) : undefined;
    },
    upsertAdmin: async (raw) => {
      const user = parseInput(newUserSchema, { ...raw, isAdmin: true });
      for (let attempt = 1; attempt <= 3; attempt++) {
        const current = await read(user.username);
        if (!current) {
          try {
            return await createUser(user);
          } catch (err) {
            if (err instanceof ConflictError) continue;
            throw err;
          }
        }
        const item = itemFor(Number(current.id), user, String(current.createdAt));
        await client.send(new PutCommand({ TableName, Item: item }));
        return toUser(item);
      }
      throw new ConflictError('The admin account changed at the same time; try again');
    },
  };
}
