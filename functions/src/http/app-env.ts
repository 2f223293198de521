/** Per-request variables set by middleware. */
export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

export type AppEnv = {
  Variables: {
    user?: SessionUser;
    /** The id of the signed-in browser's session (its token's jti), for logout. */
    sessionId?: string;
  };
};
