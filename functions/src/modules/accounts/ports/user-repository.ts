import type { SavedBomMapping } from '@parts/shared/bom';

export interface StoredUser {
  id: number;
  username: string;
  email?: string;
  /** When `email` was confirmed through the link mailed to it; absent: not confirmed (ADR 096). */
  emailVerifiedAt?: string;
  name?: string;
  isAdmin: boolean;
  /** scrypt hash and salt, encoded by the password module. */
  passwordHash: string;
  createdAt: string;
  /** Sessions carry the version they were issued under; raising it ends every one of them at once. */
  sessionVersion: number;
}

export interface NewUser {
  username: string;
  email?: string;
  name?: string;
  isAdmin: boolean;
  passwordHash: string;
}

export interface UserRepository {
  /** Usernames are unique case-insensitively; a taken one throws ConflictError. */
  createUser(user: NewUser): Promise<StoredUser>;
  getUserByUsername(username: string): Promise<StoredUser | undefined>;
  /** Creates or resets the admin account (seeding); a reset ends the account's sessions. */
  upsertAdmin(user: NewUser): Promise<StoredUser>;
  /** Replaces the hash only if it is still `previousHash` (re-hashing with stronger parameters); sessions stay. */
  updatePasswordHash(username: string, previousHash: string, passwordHash: string): Promise<void>;
  /** Ends every session of the user (logout everywhere, password or rights changed); answers the new version. */
  endSessions(username: string): Promise<number>;
  /** Grants or withdraws admin rights; either way every session of the user ends. NotFoundError for an unknown user. */
  setAdmin(username: string, isAdmin: boolean): Promise<StoredUser>;
  /** Records one signed-in browser's session (its token's id) until `expiresAt`, when the token expires too. */
  startSession(username: string, sessionId: string, expiresAt: Date): Promise<void>;
  /** The user, read consistently, if that session is still open (not logged out, not expired); else undefined. One round trip. */
  getSessionUser(username: string, sessionId: string, now: Date): Promise<StoredUser | undefined>;
  /** Ends one session (logout in that browser); other sessions stay. */
  endSession(username: string, sessionId: string): Promise<void>;
  /** The parts-list column mapping the user last confirmed (header name per role); undefined if none. */
  getBomMapping(username: string): Promise<SavedBomMapping | undefined>;
  /**
   * Records a new confirmation link for `email` (only the token's hash is stored, until `expiresAt`); a link
   * sent before stops working. A different address replaces the account's and is unconfirmed until its link
   * is opened. NotFoundError for an unknown user.
   */
  startEmailVerification(username: string, email: string, tokenHash: string, expiresAt: Date): Promise<StoredUser>;
  /** Confirms the address the link was sent to, once, if it is still the account's and the link is the latest and not expired. */
  verifyEmail(tokenHash: string, now: Date): Promise<StoredUser | undefined>;
  saveBomMapping(username: string, mapping: SavedBomMapping): Promise<void>;
}
