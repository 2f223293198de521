/**
 * The default synonyms of this domain: an abbreviation or trade word a buyer types (the key) and the
 * words the catalogue uses for it (each entry one phrase, all its words required). Kept as data so an
 * admin-edited list can replace it later; both engines read the same list (the OpenSearch adapter
 * turns it into a search-time synonym_graph filter).
 */
export type SynonymList = Record<string, string[]>;

export const DEFAULT_SYNONYMS: SynonymList = {
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
};
