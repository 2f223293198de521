/** Per-request variables set by middleware. */
export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

export type AppEnv = {
  Variables: {
    user?: SessionUser;
  };
};
