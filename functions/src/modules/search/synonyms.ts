import { synonymListSchema, type SynonymList } from '@parts/shared/schemas';

export type { SynonymList };

/**
 * The default synonyms of this domain: an abbreviation or trade word a buyer types (the key) and the
 * words the catalogue uses for it (each entry one phrase, all its words required). Kept as data, checked
 * by the shared synonymListSchema, so an admin-edited list can replace it later: both engines take the
 * list as an option (the embedded engine expands it per query; the OpenSearch adapter turns it into a
 * search-time synonym_graph filter and updates the index's filter when the list changes).
 */
export const DEFAULT_SYNONYMS: SynonymList = synonymListSchema.parse({
  cyl: ['cylinder'],
  cyls: ['cylinder'],
  sov: ['solenoid valve'],
  vfd: ['variable frequency drive', 'frequency inverter'],
  vsd: ['variable frequency drive', 'frequency inverter'],
  inverter: ['variable frequency drive'],
  mcb: ['miniature circuit breaker'],
  mpcb: ['motor protection circuit breaker'],
  rcd: ['residual current device'],
  rccb: ['residual current device'],
  plc: ['programmable logic controller'],
  hmi: ['touch panel', 'operator panel'],
  psu: ['power supply'],
  prox: ['proximity'],
  oring: ['o-ring'],
  orings: ['o-ring'],
  frl: ['filter regulator lubricator'],
  dcv: ['directional control valve'],
  prv: ['pressure relief valve'],
  ups: ['uninterruptible power supply', 'ups module'],
});
