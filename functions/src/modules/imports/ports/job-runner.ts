/** Starts a background CSV import job: in-process locally, an async Lambda invocation in AWS. */
export interface JobRunner {
  startImport(jobId: string): Promise<void>;
  /** Hands a job whose worker is gone to a new one, which carries on after its last checkpoint. */
  resumeImport?(jobId: string): Promise<void>;
}
