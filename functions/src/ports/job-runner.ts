/** Starts a background CSV import job: in-process locally, an async Lambda invocation in AWS. */
export interface JobRunner {
  startImport(jobId: string): Promise<void>;
}
