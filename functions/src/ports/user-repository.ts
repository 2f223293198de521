export interface StoredUser {
  id: number;
  username: string;
  email?: string;
  name?: string;
  isAdmin: boolean;
  /** scrypt hash and salt, encoded by the password module. */
  passwordHash: string;
  createdAt: string;
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
  /** Creates or resets the admin account (seeding). */
  upsertAdmin(user: NewUser): Promise<StoredUser>;
}
