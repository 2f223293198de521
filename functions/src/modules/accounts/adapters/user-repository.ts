import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { usernameSchema } from '@parts/shared/schemas';
import { savedBomMappingSchema } from '@parts/shared/bom';
import { ConflictError, NotFoundError, UnavailableError } from '../../../domain/errors';
import type { NewUser, StoredUser, UserRepository } from '../ports/user-repository';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import { allocateIds, assertLookupText, cancellationCodes, isConditionFailed, parseInput, type TableContext } from '../../../adapters/dynamodb/support';

const newUserSchema = z.object({
  username: usernameSchema,
  email: z.string().trim().max(254).optional(),
  name: z.string().trim().max(200).optional(),
  isAdmin: z.boolean(),
  passwordHash: z.string().min(1).max(1000),
});

const toUser = (item: Record<string, unknown>): StoredUser => {
  const u = stripLayout<StoredUser>(item);
  return {
    id: u.id,
    username: u.username,
    ...(u.email ? { email: u.email } : {}),
    ...(u.email && u.emailVerifiedAt ? { emailVerifiedAt: u.emailVerifiedAt } : {}),
    ...(u.name ? { name: u.name } : {}),
    isAdmin: u.isAdmin === true,
    passwordHash: u.passwordHash,
    createdAt: u.createdAt,
    sessionVersion: typeof u.sessionVersion === 'number' ? u.sessionVersion : 0,
  };
};

const readUser = async ({ client, tableName: TableName }: TableContext, username: string) =>
  (await client.send(new GetCommand({ TableName, Key: keys.user(username), ConsistentRead: true }))).Item;

/**
 * Users keyed by their lower-cased username: the key itself is the uniqueness guard, so a
 * conditional put is the whole check (no read-then-write).
 */
export function createUserRepository(ctx: TableContext): UserRepository {
  const { client, tableName: TableName } = ctx;

  const read = (username: string) => readUser(ctx, username);

  const itemFor = (id: number, user: z.infer<typeof newUserSchema>, createdAt: string, sessionVersion = 0, emailVerifiedAt?: string) => ({
    ...keys.user(user.username),
    type: 'user',
    id,
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
    ...(user.email && emailVerifiedAt ? { emailVerifiedAt } : {}),
    ...(user.name ? { name: user.name } : {}),
    isAdmin: user.isAdmin,
    passwordHash: user.passwordHash,
    createdAt,
    sessionVersion,
  });

  async function createUser(raw: NewUser, emailVerifiedAt?: string): Promise<StoredUser> {
    const user = parseInput(newUserSchema, raw);
    const id = await allocateIds(ctx, 'user', 1);
    const item = itemFor(id, user, ctx.now().toISOString(), 0, emailVerifiedAt);
    try {
      await client.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (err) {
      if (isConditionFailed(err)) throw new ConflictError('Username already exists');
      throw err;
    }
    return toUser(item);
  }

  return {
    createUser: (raw) => createUser(raw),
    getUserByUsername: async (username) => {
      assertLookupText(username, 'username', 200);
      const item = await read(username.trim());
      return item ? toUser(item) : undefined;
    },
    // The operator who sets the admin up (seeding, create-admin) types its address: it counts as confirmed (ADR 096).
    upsertAdmin: async (raw) => {
      const user = parseInput(newUserSchema, { ...raw, isAdmin: true });
      const verifiedAt = ctx.now().toISOString();
      for (let attempt = 1; attempt <= 3; attempt++) {
        const current = await read(user.username);
        if (!current) {
          try {
            return await createUser(user, verifiedAt);
          } catch (err) {
            if (err instanceof ConflictError) continue;
            throw err;
          }
        }
        const previous = typeof current.sessionVersion === 'number' ? current.sessionVersion : 0;
        const item = itemFor(Number(current.id), user, String(current.createdAt), previous + 1, verifiedAt);
        await client.send(new PutCommand({ TableName, Item: item }));
        return toUser(item);
      }
      throw new ConflictError('The admin account changed at the same time; try again');
    },
    updatePasswordHash: async (username, previousHash, passwordHash) => {
      assertLookupText(username, 'username', 200);
      try {
        await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.user(username.trim()),
            UpdateExpression: 'SET passwordHash = :next',
            ConditionExpression: 'passwordHash = :previous',
            ExpressionAttributeValues: { ':next': passwordHash, ':previous': previousHash },
          }),
        );
      } catch (err) {
        // Changed meanwhile (or gone): the newer state wins.
        if (!isConditionFailed(err)) throw err;
      }
    },
    endSessions: async (username) => {
      assertLookupText(username, 'username', 200);
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.user(username.trim()),
            UpdateExpression: 'ADD sessionVersion :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(res.Attributes?.sessionVersion);
      } catch (err) {
        if (isConditionFailed(err)) throw new NotFoundError('User not found');
        throw err;
      }
    },
    setAdmin: async (username, isAdmin) => {
      assertLookupText(username, 'username', 200);
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.user(username.trim()),
            UpdateExpression: 'SET isAdmin = :admin ADD sessionVersion :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':admin': isAdmin, ':one': 1 },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toUser(res.Attributes!);
      } catch (err) {
        if (isConditionFailed(err)) throw new NotFoundError('User not found');
        throw err;
      }
    },
    ...sessionMethods(ctx),
    ...emailVerificationMethods(ctx),
    ...bomMappingMethods(ctx),
  };
}

const sessionKey = (username: string, sessionId: string) => ({ pk: keys.user(username).pk, sk: `SESSION#${sessionId}` });
const bomMappingKey = (username: string) => ({ pk: keys.user(username).pk, sk: 'BOM_MAPPING' });

/** The signed-in browsers of a user. */
function sessionMethods(ctx: TableContext): Pick<UserRepository, 'startSession' | 'getSessionUser' | 'endSession'> {
  const { client, tableName: TableName } = ctx;
  return {
    // One item per signed-in browser in the user's partition (sk SESSION#<token id>), gone at logout and
    // through the table's TTL (`expiresAt`, seconds) when the token expires.
    startSession: async (username, sessionId, expiresAt) => {
      assertLookupText(username, 'username', 200);
      await client.send(
        new PutCommand({
          TableName,
          Item: {
            ...sessionKey(username.trim(), sessionId),
            type: 'session',
            createdAt: ctx.now().toISOString(),
            expiresAt: Math.ceil(expiresAt.getTime() / 1000),
          },
        }),
      );
    },
    getSessionUser: async (username, sessionId, now) => {
      assertLookupText(username, 'username', 200);
      const user = keys.user(username.trim());
      const session = sessionKey(username.trim(), sessionId);
      // Both items in one consistent round trip.
      const res = await client.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [user, session], ConsistentRead: true } } }));
      // Throttled: not knowing is not "signed out".
      if (Object.keys(res.UnprocessedKeys ?? {}).length > 0) throw new UnavailableError('The server is busy. Try again in a moment.', 1);
      const items = res.Responses?.[TableName] ?? [];
      const userItem = items.find((i) => i.sk === user.sk);
      const sessionItem = items.find((i) => i.sk === session.sk);
      // TTL deletes expired items only eventually: past `expiresAt` counts as gone.
      if (!userItem || !sessionItem || Number(sessionItem.expiresAt) * 1000 <= now.getTime()) return undefined;
      return toUser(userItem);
    },
    endSession: async (username, sessionId) => {
      assertLookupText(username, 'username', 200);
      await client.send(new DeleteCommand({ TableName, Key: sessionKey(username.trim(), sessionId) }));
    },
  };
}

/** Confirming a user's e-mail address through a mailed link (ADR 096). */
function emailVerificationMethods(ctx: TableContext): Pick<UserRepository, 'startEmailVerification' | 'verifyEmail'> {
  const { client, tableName: TableName } = ctx;
  return {
    startEmailVerification: async (username, rawEmail, tokenHash, expiresAt) => {
      assertLookupText(username, 'username', 200);
      const email = parseInput(z.email().max(254), rawEmail);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const current = await readUser(ctx, username.trim());
        if (!current) throw new NotFoundError('User not found');
        const changed = current.email !== email;
        const values: Record<string, unknown> = { ':e': email, ':h': tokenHash };
        // Only if the address is still what was read: a concurrent change is not silently undone.
        let condition = 'attribute_exists(pk) AND attribute_not_exists(email)';
        if (typeof current.email === 'string') {
          condition = 'email = :old';
          values[':old'] = current.email;
        }
        try {
          await client.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName,
                    Key: keys.user(username.trim()),
                    UpdateExpression: `SET email = :e, emailTokenHash = :h${changed ? ' REMOVE emailVerifiedAt' : ''}`,
                    ConditionExpression: condition,
                    ExpressionAttributeValues: values,
                  },
                },
                {
                  Put: {
                    TableName,
                    Item: {
                      ...keys.emailVerification(tokenHash),
                      type: 'email-verification',
                      username: String(current.username),
                      email,
                      expiresAt: Math.ceil(expiresAt.getTime() / 1000),
                    },
                  },
                },
              ],
            }),
          );
          const next: Record<string, unknown> = { ...current, email, emailTokenHash: tokenHash };
          if (changed) delete next.emailVerifiedAt;
          return toUser(next);
        } catch (err) {
          if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) continue;
          throw err;
        }
      }
      throw new ConflictError('Your account changed at the same time; try again');
    },
    verifyEmail: async (tokenHash, now) => {
      const link = (await client.send(new GetCommand({ TableName, Key: keys.emailVerification(tokenHash), ConsistentRead: true }))).Item;
      // TTL deletes expired items only eventually: past `expiresAt` counts as gone.
      if (!link || Number(link.expiresAt) * 1000 <= now.getTime()) return undefined;
      const username = String(link.username);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName,
                  Key: keys.user(username),
                  UpdateExpression: 'SET emailVerifiedAt = :at REMOVE emailTokenHash',
                  // Still the address the link was sent to, and the latest link.
                  ConditionExpression: 'email = :e AND emailTokenHash = :h',
                  ExpressionAttributeValues: { ':at': now.toISOString(), ':e': link.email, ':h': tokenHash },
                },
              },
              { Delete: { TableName, Key: keys.emailVerification(tokenHash), ConditionExpression: 'attribute_exists(pk)' } },
            ],
          }),
        );
      } catch (err) {
        if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) return undefined;
        throw err;
      }
      const item = await readUser(ctx, username);
      return item ? toUser(item) : undefined;
    },
  };
}

/** The BOM column mapping a user confirmed last. */
function bomMappingMethods(ctx: TableContext): Pick<UserRepository, 'getBomMapping' | 'saveBomMapping'> {
  const { client, tableName: TableName } = ctx;
  return {
    // A preference item in the user's partition (sk BOM_MAPPING), so it never rewrites the user item.
    getBomMapping: async (username) => {
      assertLookupText(username, 'username', 200);
      const res = await client.send(new GetCommand({ TableName, Key: bomMappingKey(username.trim()), ConsistentRead: true }));
      const parsed = savedBomMappingSchema.safeParse(res.Item?.mapping);
      return parsed.success ? parsed.data : undefined;
    },
    saveBomMapping: async (username, raw) => {
      assertLookupText(username, 'username', 200);
      const mapping = parseInput(savedBomMappingSchema, raw);
      await client.send(
        new PutCommand({ TableName, Item: { ...bomMappingKey(username.trim()), type: 'bom-mapping', mapping, updatedAt: ctx.now().toISOString() } }),
      );
    },
  };
}
